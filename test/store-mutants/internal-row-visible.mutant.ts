import type { ReferenceStoreOptions } from "../fixtures/reference-store.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "internal-row-visible",
  bug: 'the store keeps its schema version as an item under ["langgraph", "meta"], and lists and searches it like user data',
  catches: ["test_store_list_namespaces_empty_store", "test_store_search_empty_prefix_means_everything"],
  methods: ["search", "listNamespaces"],
  store: class extends ReferenceStore {
    constructor(options: ReferenceStoreOptions) {
      super(options);
      this.applyPut({ namespace: ["langgraph", "meta"], key: "schema", value: { version: 1 } });
    }
  },
});
