import type { Operation, OperationResults } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "batch-dedupes-by-joined-key",
  bug: 'batch de-duplicates puts by `namespace.join(":") + ":" + key` (InMemoryStore\'s map key), so key "b:c" under [a] and key "c" under [a, b] collide',
  catches: ["test_store_batch_puts_of_lookalike_paths_are_distinct"],
  store: class extends ReferenceStore {
    override async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
      const last = new Map<string, number>();
      operations.forEach((op, i) => {
        if ("value" in op && !("namespacePrefix" in op)) last.set(`${op.namespace.join(":")}:${op.key}`, i);
      });
      const kept = operations.filter(
        (op, i) => !("value" in op) || "namespacePrefix" in op || last.get(`${op.namespace.join(":")}:${op.key}`) === i,
      );
      const results = (await super.batch(kept as Operation[])) as unknown[];
      let next = 0;
      return operations.map((op) => (kept.includes(op) ? results[next++] : undefined)) as OperationResults<Op>;
    }
  },
});
