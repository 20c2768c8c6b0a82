import type { SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "vector-filter-after-limit",
  bug: "a query search ranks and pages first and applies the filter to the page",
  catches: ["test_store_vector_filter_applies_before_ranking"],
  store: class extends ReferenceStore {
    protected override searchOp(op: SearchOperation): SearchItem[] {
      if (!op.query) return super.searchOp(op);
      return super.searchOp({ ...op, filter: undefined }).filter((item) => this.filterMatches(item.value, op.filter ?? {}));
    }
  },
});
