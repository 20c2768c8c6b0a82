import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "filter-loose-equality",
  bug: 'filters compare with `==`, so {s: 1} matches "1" and {n: 0} matches false',
  catches: ["test_store_search_filter_is_type_strict"],
  store: class extends ReferenceStore {
    protected override equals(actual: unknown, expected: unknown): boolean {
      // eslint-disable-next-line eqeqeq
      return actual == expected;
    }
  },
});
