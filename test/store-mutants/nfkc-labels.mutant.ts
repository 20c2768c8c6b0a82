import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "nfkc-labels",
  bug: 'namespace labels are NFKC-normalised before they are stored, so "ﬁ" and "fi" are one label',
  catches: ["test_store_non_ascii_labels"],
  store: class extends ReferenceStore {
    protected override storageKey(namespace: string[], key: string): string {
      return super.storageKey(
        namespace.map((l) => l.normalize("NFKC")),
        key,
      );
    }
  },
});
