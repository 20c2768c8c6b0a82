import type { SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-limit-before-filter",
  bug: "search takes a page of the candidates first and filters the page, so pages come back short",
  catches: ["test_store_search_pages_are_disjoint_and_complete", "test_store_search_limit_after_filter"],
  store: class extends ReferenceStore {
    protected override searchOp(op: SearchOperation): SearchItem[] {
      const unfiltered = super.searchOp({ ...op, filter: undefined });
      return unfiltered.filter((item) => this.filterMatches(item.value, op.filter ?? {}));
    }
  },
});
