import { validateNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "accepts-empty-namespace",
  bug: "put accepts an empty namespace []",
  catches: ["test_store_put_rejects_empty_namespace"],
  store: class extends ReferenceStore {
    protected override validatePut(namespace: string[]): void {
      validateNamespace(namespace, { allowEmpty: true });
    }

    protected override validateBatchPut(namespace: string[]): void {
      validateNamespace(namespace, { allowEmpty: true, allowReservedRoot: true });
    }
  },
});
