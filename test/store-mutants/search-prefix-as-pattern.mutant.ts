import { ReferenceStore } from "../fixtures/reference-store.js";
import { storeMutant } from "./types.js";

function pattern(label: string): RegExp {
  const body = [...label]
    .map((c) => (c === "_" || c === "?" ? "." : c === "%" || c === "*" ? ".*" : c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${body}$`, "u");
}

export default storeMutant({
  name: "search-prefix-as-pattern",
  bug: 'search turns each prefix label into a pattern ("_" and "?" any character, "%" and "*" any run), so ["a_c"] also returns ["abc"]',
  catches: ["test_store_search_prefix_metacharacters_are_literal"],
  store: class extends ReferenceStore {
    protected override prefixMatches(namespace: string[], prefix: string[]): boolean {
      return prefix.length <= namespace.length && prefix.every((label, i) => pattern(label).test(namespace[i]!));
    }
  },
});
