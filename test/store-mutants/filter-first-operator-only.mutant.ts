import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "filter-first-operator-only",
  bug: "only the first operator on a key is applied, so {$gte: 9, $lt: 100} also matches 100",
  catches: ["test_store_search_filter_operators"],
  store: class extends ReferenceStore {
    protected override fieldMatches(actual: unknown, expected: unknown): boolean {
      if (expected !== null && typeof expected === "object" && !Array.isArray(expected)) {
        const [first] = Object.entries(expected);
        if (first && first[0].startsWith("$")) return this.operatorMatches(first[0], actual, first[1]);
      }
      return super.fieldMatches(actual, expected);
    }
  },
});
