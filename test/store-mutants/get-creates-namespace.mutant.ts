import type { GetOperation, ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "get-creates-namespace",
  bug: "get() ensures its namespace exists (an upserted namespace row or collection) before reading, so a get() of an absent namespace makes listNamespaces list it",
  catches: ["test_store_list_namespaces_get_creates_none"],
  store: class extends ReferenceStore {
    private readonly created = new Map<string, string[]>();

    protected override getOp(op: GetOperation) {
      this.created.set(JSON.stringify(op.namespace), [...op.namespace]);
      return super.getOp(op);
    }

    protected override listOp(op: ListNamespacesOperation): string[][] {
      const listed = super.listOp({ ...op, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
      const ensured = [...this.created.values()].filter((ns) => (op.matchConditions ?? []).every((c) => this.conditionMatches(c, ns)));
      const all = this.distinct([...listed, ...(op.maxDepth === undefined ? ensured : ensured.map((ns) => ns.slice(0, op.maxDepth)))]);
      all.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
      return all.slice(op.offset ?? 0, (op.offset ?? 0) + (op.limit ?? 100));
    }
  },
});
