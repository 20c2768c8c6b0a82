import type { GetOperation, Item, PutOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "trims-keys",
  bug: 'keys are trimmed before they are stored, so "trail\\n" is stored as "trail"',
  catches: ["test_store_keys_are_arbitrary_strings"],
  store: class extends ReferenceStore {
    protected override applyPut(op: PutOperation, expiresAt?: number): void {
      super.applyPut({ ...op, key: op.key.trim() }, expiresAt);
    }

    protected override getOp(op: GetOperation): Item | null {
      return super.getOp({ ...op, key: op.key.trim() });
    }
  },
});
