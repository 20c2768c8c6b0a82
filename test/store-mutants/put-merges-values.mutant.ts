import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "put-merges-values",
  bug: "a put of an existing key merges the new value into the old one instead of replacing it",
  catches: ["test_store_put_replaces_whole_value"],
  store: class extends ReferenceStore {
    protected override storedValue(existing: StoredItem | undefined, value: Record<string, unknown>): Record<string, unknown> {
      return { ...existing?.value, ...super.storedValue(existing, value) };
    }
  },
});
