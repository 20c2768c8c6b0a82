import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "filter-substring-match",
  bug: 'string filter values match as substrings, so {status: "active"} also matches "active-ish"',
  catches: ["test_store_search_filter_exact_match"],
  store: class extends ReferenceStore {
    protected override equals(actual: unknown, expected: unknown): boolean {
      if (typeof actual === "string" && typeof expected === "string") return actual.includes(expected);
      return super.equals(actual, expected);
    }
  },
});
