import type { GetOperation, Item, PutOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "trims-labels",
  bug: 'namespace labels are trimmed before they are stored, so ["a\\n"] is ["a"]',
  catches: ["test_store_trailing_newline_label_is_distinct", "test_store_list_namespaces_trailing_newline"],
  store: class extends ReferenceStore {
    protected override applyPut(op: PutOperation, expiresAt?: number): void {
      super.applyPut({ ...op, namespace: op.namespace.map((l) => l.trim()) }, expiresAt);
    }

    protected override getOp(op: GetOperation): Item | null {
      return super.getOp({ ...op, namespace: op.namespace.map((l) => l.trim()) });
    }
  },
});
