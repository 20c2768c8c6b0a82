import { validateNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "accepts-langgraph-root",
  bug: 'put accepts "langgraph" as the root label',
  catches: ["test_store_put_rejects_langgraph_root"],
  store: class extends ReferenceStore {
    protected override validatePut(namespace: string[]): void {
      validateNamespace(namespace, { allowReservedRoot: true });
    }
  },
});
