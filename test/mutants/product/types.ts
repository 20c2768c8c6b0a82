import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";

/**
 * A store or a cache with exactly one realistic bug that a product graph
 * scenario notices (run with MemorySaver and the other subject from memory).
 * Each lives in `test/mutants/product/<name>.product-mutant.ts`, default-exported.
 */
export interface ProductMutant {
  /** kebab-case, equal to the file name without `.product-mutant.ts`. */
  name: string;
  bug: string;
  /** Product scenario ids (`G23`) that must diverge on it. */
  catches: readonly string[];
  createStore?(): BaseStore;
  createCache?(): BaseCache;
}
