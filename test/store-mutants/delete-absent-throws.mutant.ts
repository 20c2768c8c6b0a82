import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "delete-absent-throws",
  bug: "delete of a key that does not exist throws",
  catches: ["test_store_delete_absent_is_noop"],
  store: class extends ReferenceStore {
    protected override applyDelete(namespace: string[], key: string): void {
      if (!this.items.has(this.storageKey(namespace, key))) throw new Error(`no item ${key} in ${namespace.join("/")}`);
      super.applyDelete(namespace, key);
    }
  },
});
