import type { ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-conditions-ored",
  bug: "listNamespaces ORs the prefix and suffix conditions instead of ANDing them",
  catches: ["test_store_list_namespaces_prefix_and_suffix"],
  store: class extends ReferenceStore {
    protected override listOp(op: ListNamespacesOperation): string[][] {
      const conditions = op.matchConditions ?? [];
      if (conditions.length < 2) return super.listOp(op);
      const each = conditions.map((c) => super.listOp({ ...op, matchConditions: [c], limit: Number.MAX_SAFE_INTEGER, offset: 0 }));
      return this.distinct(each.flat()).slice(op.offset ?? 0, (op.offset ?? 0) + (op.limit ?? 100));
    }
  },
});
