import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "soft-delete-revives-old-value",
  bug: "delete flags the row deleted, and a later put revives it with the new value merged into the old one",
  catches: ["test_store_put_after_delete"],
  store: class extends ReferenceStore {
    private readonly deleted = new Set<string>();

    protected override applyDelete(namespace: string[], key: string): void {
      if (this.items.has(this.storageKey(namespace, key))) this.deleted.add(this.storageKey(namespace, key));
    }

    protected override live(item: StoredItem | undefined, now?: number): item is StoredItem {
      return super.live(item, now) && !this.deleted.has(this.storageKey(item.namespace, item.key));
    }

    protected override storedValue(existing: StoredItem | undefined, value: Record<string, unknown>): Record<string, unknown> {
      if (existing && this.deleted.delete(this.storageKey(existing.namespace, existing.key))) return { ...existing.value, ...value };
      return super.storedValue(existing, value);
    }
  },
});
