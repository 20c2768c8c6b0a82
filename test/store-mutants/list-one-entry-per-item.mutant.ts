import type { ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-one-entry-per-item",
  bug: "listNamespaces lists one entry per item, so a namespace holding two items is listed twice",
  catches: ["test_store_list_namespaces_distinct"],
  store: class extends ReferenceStore {
    protected override listOp(op: ListNamespacesOperation): string[][] {
      if (op.maxDepth !== undefined) return super.listOp(op);
      const live = [...this.items.values()].filter((item) => this.live(item)).map((item) => item.namespace);
      const listed = new Set(super.listOp({ ...op, limit: Number.MAX_SAFE_INTEGER, offset: 0 }).map((ns) => JSON.stringify(ns)));
      return live.filter((ns) => listed.has(JSON.stringify(ns))).slice(op.offset ?? 0, (op.offset ?? 0) + (op.limit ?? 100));
    }
  },
});
