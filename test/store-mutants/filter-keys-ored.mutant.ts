import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "filter-keys-ored",
  bug: "the keys of a filter are ORed, so {status, color} matches items that satisfy either",
  catches: ["test_store_search_filter_exact_match"],
  store: class extends ReferenceStore {
    protected override filterMatches(value: Record<string, unknown>, filter: Record<string, unknown>): boolean {
      const entries = Object.entries(filter);
      return entries.length === 0 || entries.some(([key, expected]) => this.fieldMatches(value[key], expected));
    }
  },
});
