import { validateNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "accepts-dot-labels",
  bug: 'put accepts labels containing "."',
  catches: ["test_store_put_rejects_dot_in_label"],
  store: class extends ReferenceStore {
    protected override validatePut(namespace: string[]): void {
      validateNamespace(namespace.map((l) => (typeof l === "string" ? l.replaceAll(".", "-") : l)));
    }

    protected override validateBatchPut(namespace: string[]): void {
      validateNamespace(
        namespace.map((l) => (typeof l === "string" ? l.replaceAll(".", "-") : l)),
        { allowReservedRoot: true },
      );
    }
  },
});
