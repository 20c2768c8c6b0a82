import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "search-prefix-starts-with",
  bug: 'search matches the prefix with `startsWith` on the ":"-joined namespace, so ["acme"] also returns ["acme-corp"] (the PostgresStore LIKE leak)',
  catches: ["test_store_search_prefix_matches_whole_labels"],
  store: class extends ReferenceStore {
    protected override prefixMatches(namespace: string[], prefix: string[]): boolean {
      return namespace.join(":").startsWith(prefix.join(":"));
    }
  },
});
