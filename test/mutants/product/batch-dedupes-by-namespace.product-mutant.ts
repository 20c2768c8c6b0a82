import { InMemoryStore, type Operation } from "@langchain/langgraph-checkpoint";
import type { ProductMutant } from "./types.js";

/** De-duplicates a batch's puts by namespace, forgetting the key: of many puts into one namespace, only the last is applied. */
class DedupesByNamespace extends InMemoryStore {
  override async batch<Op extends readonly Operation[]>(operations: Op): Promise<never> {
    const lastPut = new Map<string, number>();
    operations.forEach((op, i) => {
      if ("value" in op) lastPut.set(op.namespace.join("/"), i);
    });
    const kept = operations.filter((op, i) => !("value" in op) || lastPut.get(op.namespace.join("/")) === i);
    const results = await super.batch(kept as Operation[]);
    let next = 0;
    return operations.map((op) => (kept.includes(op) ? results[next++] : undefined)) as never;
  }
}

export default {
  name: "batch-dedupes-by-namespace",
  bug: "batch() de-duplicates puts by namespace without the key, so parallel nodes writing one namespace lose all but one write",
  catches: ["G23"],
  createStore: () => new DedupesByNamespace(),
} satisfies ProductMutant;
