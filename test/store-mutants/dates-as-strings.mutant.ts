import type { Item } from "@langchain/langgraph-checkpoint";
import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "dates-as-strings",
  bug: "items come back with createdAt and updatedAt as ISO strings (a JSON round trip), not Dates",
  catches: ["test_store_put_get_roundtrip", "test_store_search_items_without_query_have_no_score"],
  store: class extends ReferenceStore {
    protected override copyOut(item: StoredItem): Item {
      return JSON.parse(JSON.stringify(super.copyOut(item))) as Item;
    }
  },
});
