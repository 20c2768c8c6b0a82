import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "delete-whole-namespace",
  bug: "delete removes every item of the namespace, not only the key",
  catches: ["test_store_delete_only_that_item"],
  store: class extends ReferenceStore {
    protected override applyDelete(namespace: string[], key: string): void {
      for (const [id, item] of this.items) if (JSON.stringify(item.namespace) === JSON.stringify(namespace)) this.items.delete(id);
      super.applyDelete(namespace, key);
    }
  },
});
