import { validateNamespace, type Item } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

/** The base rules, minus the colon rule. */
function withoutColons(namespace: string[]): string[] {
  return namespace.map((label) => (typeof label === "string" ? label.replaceAll(":", "-") : label));
}

export default storeMutant({
  name: "colon-joined-paths",
  bug: 'labels may contain ":" and items are keyed by `namespace.join(":") + ":" + key`, so ["a:b"] is ["a","b"] and key "b:c" under [a] is key "c" under [a, b]',
  catches: [
    "test_store_colon_label_is_not_two_labels",
    "test_store_key_with_colon_is_not_a_deeper_namespace",
    "test_store_batch_puts_of_lookalike_paths_are_distinct",
  ],
  store: class extends ReferenceStore {
    protected override storageKey(namespace: string[], key: string): string {
      return `${namespace.join(":")}:${key}`;
    }

    protected override validatePut(namespace: string[]): void {
      validateNamespace(withoutColons(namespace));
    }

    protected override validateBatchPut(namespace: string[]): void {
      validateNamespace(withoutColons(namespace), { allowReservedRoot: true });
    }

    override async get(namespace: string[], key: string): Promise<Item | null> {
      validateNamespace(withoutColons(namespace), { allowReservedRoot: true });
      return this.getOp({ namespace, key });
    }
  },
});
