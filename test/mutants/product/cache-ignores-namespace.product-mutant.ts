import { InMemoryCache } from "@langchain/langgraph-checkpoint";
import type { ProductMutant } from "./types.js";

type FullKey = [string[], string];

/** Keys entries by the key alone: two nodes whose inputs hash alike share one entry. */
class IgnoresNamespace extends InMemoryCache {
  override async get(keys: FullKey[]) {
    const hits = await super.get(keys.map(([, key]): FullKey => [["all"], key]));
    return hits.map((hit) => ({ key: keys.find(([, key]) => key === hit.key[1])!, value: hit.value }));
  }

  override async set(pairs: { key: FullKey; value: unknown; ttl?: number }[]) {
    await super.set(pairs.map((pair) => ({ ...pair, key: [["all"], pair.key[1]] as FullKey })));
  }
}

export default {
  name: "cache-ignores-namespace",
  bug: "the cache keys entries by key alone, so two cached nodes with the same input read each other's writes",
  catches: ["G27"],
  createCache: () => new IgnoresNamespace(),
} satisfies ProductMutant;
