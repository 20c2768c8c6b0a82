import type { PutOperation, SearchOperation } from "@langchain/langgraph-checkpoint";
import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "concurrent-put-duplicate-index-rows",
  bug: "put() checks its search index for the key, awaits, then appends: concurrent puts of one key list it many times",
  catches: ["test_store_concurrent_puts_same_key_leave_one_item"],
  store: class extends ReferenceStore {
    private readonly searchIndex: string[] = [];

    override async put(namespace: string[], key: string, value: Record<string, unknown>, index?: false | string[]): Promise<void> {
      this.validatePut(namespace);
      const id = this.storageKey(namespace, key);
      const known = this.searchIndex.includes(id);
      await new Promise((resolve) => setImmediate(resolve));
      if (!known) this.searchIndex.push(id);
      await this.batch([{ namespace, key, value, index }]);
    }

    protected override applyPut(op: PutOperation, expiresAt?: number): void {
      const id = this.storageKey(op.namespace, op.key);
      if (!this.searchIndex.includes(id)) this.searchIndex.push(id);
      super.applyPut(op, expiresAt);
    }

    protected override applyDelete(namespace: string[], key: string): void {
      const id = this.storageKey(namespace, key);
      for (let i = this.searchIndex.indexOf(id); i !== -1; i = this.searchIndex.indexOf(id)) this.searchIndex.splice(i, 1);
      super.applyDelete(namespace, key);
    }

    protected override candidates(op: SearchOperation): StoredItem[] {
      const now = Date.now();
      return this.searchIndex
        .map((id) => this.items.get(id))
        .filter((item): item is StoredItem => this.live(item, now) && this.prefixMatches(item.namespace, op.namespacePrefix));
    }
  },
});
