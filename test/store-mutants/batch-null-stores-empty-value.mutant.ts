import type { PutOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "batch-null-stores-empty-value",
  bug: "delete() deletes, but a batch put of value null stores an empty value instead of deleting",
  catches: ["test_store_convenience_methods_agree_with_batch", "test_store_batch_last_put_wins"],
  store: class extends ReferenceStore {
    override async delete(namespace: string[], key: string): Promise<void> {
      this.applyDelete(namespace, key);
    }

    protected override putOp(op: PutOperation): void {
      super.putOp(op.value === null ? { ...op, value: {} } : op);
    }
  },
});
