import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-prefix-shorter-matches",
  bug: "search compares only the labels both paths have, so a deeper prefix also returns the items of its ancestors",
  catches: ["test_store_search_prefix_not_shorter"],
  store: class extends ReferenceStore {
    protected override prefixMatches(namespace: string[], prefix: string[]): boolean {
      return prefix.every((label, i) => namespace[i] === undefined || namespace[i] === label);
    }
  },
});
