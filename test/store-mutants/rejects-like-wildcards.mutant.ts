import { validateNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "rejects-like-wildcards",
  bug: 'put rejects labels with "%", "_" or "\\\\" (the PostgresStore LIKE guard)',
  catches: ["test_store_accepts_underscore_labels"],
  store: class extends ReferenceStore {
    protected override validatePut(namespace: string[]): void {
      validateNamespace(namespace);
      if (namespace.some((l) => /[%_\\]/.test(l))) throw new Error(`labels cannot contain LIKE wildcards: ${namespace.join(",")}`);
    }
  },
});
