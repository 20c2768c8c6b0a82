import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "ttl-expiry-inverted",
  bug: "the expiry check is inverted (`expiresAt < now` means live), so items with a TTL are hidden until they expire",
  catches: ["test_store_ttl_item_readable_before_expiry", "test_store_ttl_expired_item_not_read"],
  ttl: true,
  store: class extends ReferenceStore {
    protected override live(item: StoredItem | undefined, now = Date.now()): item is StoredItem {
      return item !== undefined && (item.expiresAt === undefined || item.expiresAt < now);
    }
  },
});
