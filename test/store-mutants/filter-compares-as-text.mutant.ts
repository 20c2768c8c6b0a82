import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "filter-compares-as-text",
  bug: "range operators compare the text of the values, so $gt 9 leaves out 10 and 100",
  catches: ["test_store_search_filter_operators"],
  store: class extends ReferenceStore {
    protected override order(a: unknown, b: unknown): number | undefined {
      if (a === undefined || b === undefined) return undefined;
      const [x, y] = [String(a), String(b)];
      return x < y ? -1 : x > y ? 1 : 0;
    }
  },
});
