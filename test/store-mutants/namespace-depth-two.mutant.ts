import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "namespace-depth-two",
  bug: "items are keyed by the first two labels of the namespace only, so [r, a] and [r, a, b] share keys",
  catches: ["test_store_namespaces_isolate_keys"],
  store: class extends ReferenceStore {
    protected override storageKey(namespace: string[], key: string): string {
      return super.storageKey(namespace.slice(0, 2), key);
    }
  },
});
