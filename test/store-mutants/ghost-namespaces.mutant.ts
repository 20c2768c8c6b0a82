import type { ListNamespacesOperation, PutOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "ghost-namespaces",
  bug: "listNamespaces lists every namespace a put or delete ever touched, emptied or not",
  catches: ["test_store_delete_leaves_no_namespace"],
  store: class extends ReferenceStore {
    private readonly touched = new Map<string, string[]>();

    protected override putOp(op: PutOperation): void {
      this.touched.set(JSON.stringify(op.namespace), [...op.namespace]);
      super.putOp(op);
    }

    protected override listOp(op: ListNamespacesOperation): string[][] {
      const listed = super.listOp({ ...op, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
      const all = this.distinct([
        ...listed,
        ...[...this.touched.values()].filter((ns) => (op.matchConditions ?? []).every((c) => this.conditionMatches(c, ns))),
      ]);
      return all.slice(op.offset ?? 0, (op.offset ?? 0) + (op.limit ?? 100));
    }
  },
});
