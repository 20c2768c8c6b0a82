import type { ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-max-depth-no-dedupe",
  bug: "listNamespaces truncates to maxDepth but does not remove the duplicates that result",
  catches: ["test_store_list_namespaces_max_depth_truncates", "test_store_list_namespaces_pages_after_truncation"],
  store: class extends ReferenceStore {
    protected override listOp(op: ListNamespacesOperation): string[][] {
      if (op.maxDepth === undefined) return super.listOp(op);
      const all = super.listOp({ ...op, maxDepth: undefined, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
      return all.map((ns) => ns.slice(0, op.maxDepth)).slice(op.offset ?? 0, (op.offset ?? 0) + (op.limit ?? 100));
    }
  },
});
