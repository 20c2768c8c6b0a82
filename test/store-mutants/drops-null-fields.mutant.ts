import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "drops-null-fields",
  bug: "values are stored without their null fields (a serializer that skips nulls)",
  catches: ["test_store_values_keep_json_shape"],
  store: class extends ReferenceStore {
    protected override storedValue(existing: StoredItem | undefined, value: Record<string, unknown>): Record<string, unknown> {
      return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v === null ? undefined : v))) as Record<string, unknown>;
    }
  },
});
