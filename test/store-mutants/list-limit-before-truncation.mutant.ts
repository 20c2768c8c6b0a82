import type { ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-limit-before-truncation",
  bug: "listNamespaces applies limit and offset before truncating to maxDepth, so pages come back short",
  catches: ["test_store_list_namespaces_pages_after_truncation"],
  store: class extends ReferenceStore {
    protected override listOp(op: ListNamespacesOperation): string[][] {
      if (op.maxDepth === undefined) return super.listOp(op);
      const page = super.listOp({ ...op, maxDepth: undefined });
      return this.distinct(page.map((ns) => ns.slice(0, op.maxDepth)));
    }
  },
});
