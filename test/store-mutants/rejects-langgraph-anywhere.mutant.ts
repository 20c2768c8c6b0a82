import { validateNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "rejects-langgraph-anywhere",
  bug: 'put rejects "langgraph" in any position, not only the root',
  catches: ["test_store_put_allows_langgraph_below_root"],
  store: class extends ReferenceStore {
    protected override validatePut(namespace: string[]): void {
      validateNamespace(namespace);
      if (namespace.includes("langgraph")) throw new Error(`"langgraph" is reserved: ${namespace.join(",")}`);
    }
  },
});
