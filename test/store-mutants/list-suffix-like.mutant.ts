import type { MatchCondition } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-suffix-like",
  bug: 'listNamespaces matches a suffix with `LIKE \'%suffix\'` on the ":"-joined path, so ["alice"] lists ["malice"]',
  catches: ["test_store_list_namespaces_suffix_by_segment"],
  store: class extends ReferenceStore {
    protected override conditionMatches(condition: MatchCondition, namespace: string[]): boolean {
      if (condition.matchType === "suffix" && !condition.path.includes("*")) return namespace.join(":").endsWith(condition.path.join(":"));
      return super.conditionMatches(condition, namespace);
    }
  },
});
