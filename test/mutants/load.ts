import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { dirname, join } from "node:path";
import type { Mutant } from "./types.js";

const here = dirname(fileURLToPath(import.meta.url));

/** Every `*.mutant.ts` file in this folder, sorted by name. */
export async function loadMutants(): Promise<Mutant[]> {
  const files = readdirSync(here).filter((f) => f.endsWith(".mutant.ts")).sort();
  const mutants: Mutant[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default?: Mutant };
    if (!mod.default) throw new Error(`${file} has no default export (a Mutant)`);
    if (`${mod.default.name}.mutant.ts` !== file) throw new Error(`${file}: mutant name "${mod.default.name}" must match its file name`);
    mutants.push(mod.default);
  }
  return mutants;
}
