import type { MatchCondition } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

export default storeMutant({
  name: "list-prefix-like",
  bug: 'listNamespaces matches a prefix with `LIKE \'prefix%\'` on the ":"-joined path, so ["foo"] lists ["foobar"]',
  catches: ["test_store_list_namespaces_prefix_by_segment"],
  store: class extends ReferenceStore {
    protected override conditionMatches(condition: MatchCondition, namespace: string[]): boolean {
      if (condition.matchType === "prefix" && !condition.path.includes("*"))
        return namespace.join(":").startsWith(condition.path.join(":"));
      return super.conditionMatches(condition, namespace);
    }
  },
});
