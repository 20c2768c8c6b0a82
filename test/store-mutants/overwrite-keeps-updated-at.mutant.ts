import type { PutOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "overwrite-keeps-updated-at",
  bug: "an overwrite keeps the item's first updatedAt",
  catches: ["test_store_overwrite_advances_updated_at"],
  store: class extends ReferenceStore {
    protected override applyPut(op: PutOperation, expiresAt?: number): void {
      const before = this.items.get(this.storageKey(op.namespace, op.key))?.updatedAt;
      super.applyPut(op, expiresAt);
      const after = this.items.get(this.storageKey(op.namespace, op.key));
      if (before && after) after.updatedAt = before;
    }
  },
});
