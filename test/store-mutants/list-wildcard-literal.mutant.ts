import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-wildcard-literal",
  bug: 'listNamespaces treats "*" as a literal label, so prefix ["*", "x"] matches nothing',
  catches: ["test_store_list_namespaces_wildcard_matches_one_label"],
  store: class extends ReferenceStore {
    protected override labelMatches(pattern: string, label: string): boolean {
      return pattern === label;
    }
  },
});
