import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "batch-skips-validation",
  bug: "batch applies puts without validating their namespaces (only put() validates)",
  catches: ["test_store_batch_rejects_invalid_op"],
  store: class extends ReferenceStore {
    protected override validateBatchPut(): void {}
  },
});
