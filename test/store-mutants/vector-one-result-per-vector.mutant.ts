import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "vector-one-result-per-vector",
  bug: "a query search returns one result per embedded field, so an item with two fields appears twice",
  catches: ["test_store_vector_item_listed_once"],
  store: class extends ReferenceStore {
    protected override rank(items: StoredItem[], query: string): { item: StoredItem; score: number | undefined }[] {
      const expanded = items.flatMap((item) => (item.vectors.length ? item.vectors.map((v) => ({ ...item, vectors: [v] })) : [item]));
      return super.rank(expanded, query);
    }
  },
});
