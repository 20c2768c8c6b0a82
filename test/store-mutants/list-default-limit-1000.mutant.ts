import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-default-limit-1000",
  bug: "listNamespaces() defaults limit to 1000 instead of 100",
  catches: ["test_store_list_namespaces_default_limit_100"],
  store: class extends ReferenceStore {
    override listNamespaces(options: Parameters<ReferenceStore["listNamespaces"]>[0] = {}): Promise<string[][]> {
      return super.listNamespaces({ ...options, limit: options.limit ?? 1000 });
    }
  },
});
