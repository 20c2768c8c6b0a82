import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { CliIo } from "./io.js";

/** The saver's module relative to the checkout (GitHub annotations point at it), else to the working directory; undefined for a package name. */
export function subjectFile(module: string | undefined, io: Pick<CliIo, "cwd" | "env">): string | undefined {
  if (module === undefined) return undefined;
  const path = resolve(io.cwd, module);
  return existsSync(path) ? relative(io.env.GITHUB_WORKSPACE ?? io.cwd, path) : undefined;
}
