import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "truncates-large-values",
  bug: "string fields longer than 65,535 characters are cut (a varchar(65535) column)",
  catches: ["test_store_large_value_roundtrip"],
  store: class extends ReferenceStore {
    protected override storedValue(existing: StoredItem | undefined, value: Record<string, unknown>): Record<string, unknown> {
      return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === "string" ? v.slice(0, 65_535) : v))) as Record<
        string,
        unknown
      >;
    }
  },
});
