import type { GetOperation, Item } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "get-ignores-namespace",
  bug: "get looks an item up by its key alone, so it is found under any namespace holding that key",
  catches: ["test_store_get_missing_returns_null", "test_store_namespaces_isolate_keys", "test_store_delete_only_that_item"],
  store: class extends ReferenceStore {
    protected override getOp(op: GetOperation): Item | null {
      const item = [...this.items.values()].find((i) => i.key === op.key && this.live(i));
      return item ? this.copyOut(item) : null;
    }
  },
});
