import { loadNamedModules } from "../load-named-modules.js";
import type { GraphMutant } from "./types.js";

/** Every `*.graph-mutant.ts` file in this folder, sorted by name. */
export function loadGraphMutants(): Promise<GraphMutant[]> {
  return loadNamedModules<GraphMutant>(import.meta.url, ".graph-mutant.ts", "a GraphMutant");
}
