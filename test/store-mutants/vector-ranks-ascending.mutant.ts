import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "vector-ranks-ascending",
  bug: "query results are sorted by ascending similarity (a distance sort order kept for a similarity), worst first",
  catches: ["test_store_vector_query_ranks_by_similarity"],
  store: class extends ReferenceStore {
    protected override rank(items: StoredItem[], query: string): { item: StoredItem; score: number | undefined }[] {
      const ranked = super.rank(items, query);
      const scored = ranked.filter((r) => r.score !== undefined).reverse();
      return [...scored, ...ranked.filter((r) => r.score === undefined)];
    }
  },
});
