import type { SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "vector-empty-query-throws",
  bug: "a query search with an empty or blank query throws instead of returning results",
  catches: ["test_store_vector_edge_queries"],
  store: class extends ReferenceStore {
    protected override searchOp(op: SearchOperation): SearchItem[] {
      if (op.query !== undefined && op.query.trim() === "") throw new Error("query must not be empty");
      return super.searchOp(op);
    }
  },
});
