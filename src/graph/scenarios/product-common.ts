import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { LangGraphRunnableConfig } from "@langchain/langgraph";

/**
 * What the product scenarios record of a store: key and value of every item
 * under a prefix, sorted by namespace and key (stores order search results
 * differently, and timestamps differ from run to run).
 */
export async function storeContents(store: BaseStore, prefix: string[]): Promise<{ namespace: string[]; key: string; value: unknown }[]> {
  const items = await store.search(prefix, { limit: 1000 });
  return items
    .map((i) => ({ namespace: i.namespace, key: i.key, value: i.value }))
    .sort((a, b) => `${a.namespace.join("/")}/${a.key}`.localeCompare(`${b.namespace.join("/")}/${b.key}`));
}

/** The store LangGraph hands a node (its `AsyncBatchedStore` over the graph's store): a clear error when there is none. */
export function nodeStore(config: LangGraphRunnableConfig): BaseStore {
  if (!config.store) throw new Error("no store in the node's config (compile the graph with a store)");
  return config.store;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
