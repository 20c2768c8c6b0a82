import type { SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "vector-query-ignores-offset",
  bug: "a query search ignores offset, so every page of ranked results is the first",
  catches: ["test_store_vector_pages_are_disjoint"],
  store: class extends ReferenceStore {
    protected override page<T>(results: T[], op: SearchOperation): T[] {
      return super.page(results, op.query ? { ...op, offset: 0 } : op);
    }
  },
});
