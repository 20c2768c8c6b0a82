import type { PutOperation } from "@langchain/langgraph-checkpoint";
import type { StoredItem } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "vector-delete-keeps-vectors",
  bug: "vectors live in their own table that delete does not clean, and a put with nothing to embed reuses them (InMemoryStore)",
  catches: ["test_store_vector_delete_removes_vectors"],
  store: class extends ReferenceStore {
    private readonly vectorTable = new Map<string, number[][]>();

    protected override vectorsFor(existing: StoredItem | undefined, op: PutOperation): number[][] {
      const id = this.storageKey(op.namespace, op.key);
      const fresh = super.vectorsFor(existing, op);
      if (fresh.length) this.vectorTable.set(id, fresh);
      return fresh.length ? fresh : (this.vectorTable.get(id) ?? []);
    }
  },
});
