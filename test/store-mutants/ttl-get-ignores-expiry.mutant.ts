import type { GetOperation, Item } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "ttl-get-ignores-expiry",
  bug: "get does not check the expiry (search does), so an expired item is still read by key",
  catches: ["test_store_ttl_expired_item_not_read"],
  ttl: true,
  store: class extends ReferenceStore {
    protected override getOp(op: GetOperation): Item | null {
      const item = this.items.get(this.storageKey(op.namespace, op.key));
      return item ? this.copyOut(item) : null;
    }
  },
});
