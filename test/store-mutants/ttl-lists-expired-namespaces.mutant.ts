import type { ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "ttl-lists-expired-namespaces",
  bug: "listNamespaces does not check the expiry, so namespaces holding only expired items are listed (PostgresStore)",
  catches: ["test_store_ttl_expired_namespace_not_listed"],
  ttl: true,
  store: class extends ReferenceStore {
    protected override listOp(op: ListNamespacesOperation): string[][] {
      const expiries = new Map([...this.items].map(([id, item]) => [id, item.expiresAt] as const));
      for (const item of this.items.values()) item.expiresAt = undefined;
      try {
        return super.listOp(op);
      } finally {
        for (const [id, expiresAt] of expiries) this.items.get(id)!.expiresAt = expiresAt;
      }
    }
  },
});
