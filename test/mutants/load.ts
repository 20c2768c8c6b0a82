import { loadNamedModules } from "./load-named-modules.js";
import type { Mutant } from "./types.js";

/** Every `*.mutant.ts` file in this folder, sorted by name. */
export function loadMutants(): Promise<Mutant[]> {
  return loadNamedModules<Mutant>(import.meta.url, ".mutant.ts", "a Mutant");
}
