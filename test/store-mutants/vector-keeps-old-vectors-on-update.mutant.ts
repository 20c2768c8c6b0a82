import type { PutOperation } from "@langchain/langgraph-checkpoint";
import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "vector-keeps-old-vectors-on-update",
  bug: "an update adds the new text's vectors and keeps the old ones, so the item still ranks by its old text",
  catches: ["test_store_vector_update_reembeds"],
  store: class extends ReferenceStore {
    protected override vectorsFor(existing: StoredItem | undefined, op: PutOperation): number[][] {
      return [...(existing?.vectors ?? []), ...super.vectorsFor(existing, op)];
    }
  },
});
