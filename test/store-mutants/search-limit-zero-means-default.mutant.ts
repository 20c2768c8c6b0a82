import type { SearchOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-limit-zero-means-default",
  bug: "search uses `limit || 10`, so limit 0 returns 10 items",
  catches: ["test_store_search_limit_zero_and_offset_past_end"],
  store: class extends ReferenceStore {
    protected override page<T>(results: T[], op: SearchOperation): T[] {
      return super.page(results, { ...op, limit: op.limit || 10 });
    }
  },
});
