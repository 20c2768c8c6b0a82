import type { Item, PutOperation } from "@langchain/langgraph-checkpoint";
import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "hands-out-live-items",
  bug: "get returns the stored item object itself, and a put updates it in place",
  catches: ["test_store_returned_item_not_aliased"],
  store: class extends ReferenceStore {
    protected override copyOut(item: StoredItem): Item {
      return item;
    }

    protected override applyPut(op: PutOperation, expiresAt?: number): void {
      const existing = this.items.get(this.storageKey(op.namespace, op.key));
      if (!existing) return super.applyPut(op, expiresAt);
      existing.value = op.value!;
      existing.updatedAt = new Date(Math.max(Date.now(), existing.updatedAt.getTime() + 1));
    }
  },
});
