import type { SearchItem } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-default-limit-100",
  bug: "search() defaults limit to 100 instead of 10",
  catches: ["test_store_search_default_limit_is_10"],
  store: class extends ReferenceStore {
    override search(prefix: string[], options: Parameters<ReferenceStore["search"]>[1] = {}): Promise<SearchItem[]> {
      return super.search(prefix, { ...options, limit: options.limit ?? 100 });
    }
  },
});
