import { mkdirSync, symlinkSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";

/** tsx keeps its compile cache in `<TMPDIR>/tsx-<uid>`: a process started with a fresh TMPDIR compiles every source again (about 2.5 s of CPU for src/). */
export const TSX_CACHE = `tsx-${userInfo().uid}`;

/** Makes `dir`'s tsx cache a link to `sharedTmp`'s, so processes started with `dir` as their TMPDIR start warm. */
export function linkTsxCache(dir: string, sharedTmp: string): void {
  mkdirSync(join(sharedTmp, TSX_CACHE), { recursive: true });
  symlinkSync(join(sharedTmp, TSX_CACHE), join(dir, TSX_CACHE));
}
