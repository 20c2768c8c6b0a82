import { validateNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "accepts-empty-labels",
  bug: "put accepts empty-string labels",
  catches: ["test_store_put_rejects_empty_label"],
  store: class extends ReferenceStore {
    protected override validatePut(namespace: string[]): void {
      validateNamespace(namespace.map((l) => (l === "" ? "empty" : l)));
    }

    protected override validateBatchPut(namespace: string[]): void {
      validateNamespace(
        namespace.map((l) => (l === "" ? "empty" : l)),
        { allowReservedRoot: true },
      );
    }
  },
});
