import { loadNamedModules } from "../load-named-modules.js";
import type { ProductMutant } from "./types.js";

/** Every `*.product-mutant.ts` file in this folder, sorted by name. */
export function loadProductMutants(): Promise<ProductMutant[]> {
  return loadNamedModules<ProductMutant>(import.meta.url, ".product-mutant.ts", "a ProductMutant");
}
