import type { GetOperation, Item } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "get-missing-returns-undefined",
  bug: "get of a missing item resolves to undefined instead of null",
  catches: ["test_store_get_missing_returns_null"],
  store: class extends ReferenceStore {
    protected override getOp(op: GetOperation): Item | null {
      return super.getOp(op) ?? (undefined as unknown as null);
    }
  },
});
