import type { Operation, OperationResults } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "batch-first-put-wins",
  bug: "batch de-duplicates puts of one (namespace, key) keeping the first, not the last",
  catches: ["test_store_batch_last_put_wins"],
  store: class extends ReferenceStore {
    override async batch<Op extends Operation[]>(operations: Op): Promise<OperationResults<Op>> {
      const seen = new Set<string>();
      const kept = operations.map((op) => {
        if (!("value" in op) || "namespacePrefix" in op) return op;
        const id = this.storageKey(op.namespace, op.key);
        if (seen.has(id)) return { namespace: op.namespace, key: op.key }; // dropped: read instead
        seen.add(id);
        return op;
      });
      const results = (await super.batch(kept)) as unknown[];
      return operations.map((op, i) => ("value" in op ? undefined : results[i])) as OperationResults<Op>;
    }
  },
});
