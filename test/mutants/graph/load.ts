import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { GraphMutant } from "./types.js";

const here = dirname(fileURLToPath(import.meta.url));

/** Every `*.graph-mutant.ts` file in this folder, sorted by name. */
export async function loadGraphMutants(): Promise<GraphMutant[]> {
  const files = readdirSync(here).filter((f) => f.endsWith(".graph-mutant.ts")).sort();
  const mutants: GraphMutant[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { default?: GraphMutant };
    if (!mod.default) throw new Error(`${file} has no default export (a GraphMutant)`);
    if (`${mod.default.name}.graph-mutant.ts` !== file) throw new Error(`${file}: mutant name "${mod.default.name}" must match its file name`);
    mutants.push(mod.default);
  }
  return mutants;
}
