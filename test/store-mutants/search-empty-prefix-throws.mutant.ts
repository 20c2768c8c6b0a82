import type { SearchItem, SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-empty-prefix-throws",
  bug: 'search rejects an empty prefix ("Namespace cannot be empty.") instead of searching everything',
  catches: ["test_store_search_empty_prefix_means_everything"],
  store: class extends ReferenceStore {
    protected override searchOp(op: SearchOperation): SearchItem[] {
      if (op.namespacePrefix.length === 0) throw new Error("Namespace cannot be empty.");
      return super.searchOp(op);
    }
  },
});
