import { InMemoryCache } from "@langchain/langgraph-checkpoint";
import type { ProductMutant } from "./types.js";

/** `clear([])` loops over the empty list and clears nothing (Python's semantics, ported to JS). */
class ClearsNothing extends InMemoryCache {
  override async clear(namespaces: string[][]): Promise<void> {
    if (namespaces.length > 0) await super.clear(namespaces);
  }
}

export default {
  name: "clear-all-clears-nothing",
  bug: "clear([]) clears nothing, so graph.clearCache() leaves every entry",
  catches: ["G26"],
  createCache: () => new ClearsNothing(),
} satisfies ProductMutant;
