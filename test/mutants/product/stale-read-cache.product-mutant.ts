import { InMemoryStore, type Operation } from "@langchain/langgraph-checkpoint";
import type { ProductMutant } from "./types.js";

/** Memoises get results per (namespace, key) and never invalidates them on put: a read-through cache gone stale. */
class StaleReads extends InMemoryStore {
  private readonly memo = new Map<string, unknown>();

  override async batch<Op extends readonly Operation[]>(operations: Op): Promise<never> {
    const results = (await super.batch(operations)) as unknown[];
    return operations.map((op, i) => {
      if (!("key" in op) || "value" in op) return results[i];
      const id = `${op.namespace.join("/")}/${op.key}`;
      if (!this.memo.has(id)) this.memo.set(id, results[i]);
      return this.memo.get(id);
    }) as never;
  }
}

export default {
  name: "stale-read-cache",
  bug: "get() serves a memoised result that a later put() does not invalidate",
  catches: ["G24"],
  createStore: () => new StaleReads(),
} satisfies ProductMutant;
