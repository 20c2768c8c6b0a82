import type { SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-score-zero-without-query",
  bug: "search without a query gives every item score 0 instead of undefined",
  catches: ["test_store_search_items_without_query_have_no_score"],
  store: class extends ReferenceStore {
    protected override searchOp(op: SearchOperation): SearchItem[] {
      return super.searchOp(op).map((item) => (op.query ? item : { ...item, score: 0 }));
    }
  },
});
