import { validateNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "accepts-non-string-labels",
  bug: "put converts labels with String() instead of rejecting non-strings",
  catches: ["test_store_put_rejects_non_string_label"],
  store: class extends ReferenceStore {
    protected override validatePut(namespace: string[]): void {
      validateNamespace(namespace.map(String));
    }

    protected override validateBatchPut(namespace: string[]): void {
      validateNamespace(namespace.map(String), { allowReservedRoot: true });
    }
  },
});
