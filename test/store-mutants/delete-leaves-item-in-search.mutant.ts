import type { GetOperation, Item, PutOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "delete-leaves-item-in-search",
  bug: "delete hides the item from get (a tombstone) but search still returns it",
  catches: ["test_store_delete_removes_item"],
  store: class extends ReferenceStore {
    private readonly tombstones = new Set<string>();

    protected override applyDelete(namespace: string[], key: string): void {
      this.tombstones.add(this.storageKey(namespace, key));
    }

    protected override applyPut(op: PutOperation, expiresAt?: number): void {
      this.tombstones.delete(this.storageKey(op.namespace, op.key));
      super.applyPut(op, expiresAt);
    }

    protected override getOp(op: GetOperation): Item | null {
      return this.tombstones.has(this.storageKey(op.namespace, op.key)) ? null : super.getOp(op);
    }
  },
});
