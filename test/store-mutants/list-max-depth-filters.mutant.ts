import type { ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-max-depth-filters",
  bug: "listNamespaces drops namespaces deeper than maxDepth instead of truncating them (PostgresStore, MongoDBStore)",
  catches: ["test_store_list_namespaces_max_depth_truncates"],
  store: class extends ReferenceStore {
    protected override listOp(op: ListNamespacesOperation): string[][] {
      const all = super.listOp({ ...op, maxDepth: undefined, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
      const kept = op.maxDepth === undefined ? all : all.filter((ns) => ns.length <= op.maxDepth!);
      return kept.slice(op.offset ?? 0, (op.offset ?? 0) + (op.limit ?? 100));
    }
  },
});
