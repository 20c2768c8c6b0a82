import { loadNamedModules } from "../mutants/load-named-modules.js";
import type { CacheMutant } from "./types.js";

/** Every `*.mutant.ts` file in this folder, sorted by name. */
export function loadCacheMutants(): Promise<CacheMutant[]> {
  return loadNamedModules<CacheMutant>(import.meta.url, ".mutant.ts", "a CacheMutant");
}
