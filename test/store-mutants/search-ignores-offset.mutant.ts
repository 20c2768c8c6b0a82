import type { SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-ignores-offset",
  bug: "search ignores offset, so every page is the first page",
  catches: ["test_store_search_pages_are_disjoint_and_complete", "test_store_search_limit_zero_and_offset_past_end"],
  store: class extends ReferenceStore {
    protected override page<T>(results: T[], op: SearchOperation): T[] {
      return super.page(results, { ...op, offset: 0 });
    }
  },
});
