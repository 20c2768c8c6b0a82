import { InMemoryStore, type Operation } from "@langchain/langgraph-checkpoint";
import type { ProductMutant } from "./types.js";

/** Matches a search prefix as text on the joined path (PostgresStore's `LIKE 'prefix%'`), across label boundaries. */
class PrefixByText extends InMemoryStore {
  override async batch<Op extends readonly Operation[]>(operations: Op): Promise<never> {
    const widened = operations.map((op) =>
      "namespacePrefix" in op && op.namespacePrefix.length > 0 ? { ...op, namespacePrefix: op.namespacePrefix.slice(0, -1) } : op,
    );
    const results = (await super.batch(widened as Operation[])) as unknown[];
    return operations.map((op, i) => {
      if (!("namespacePrefix" in op) || op.namespacePrefix.length === 0) return results[i];
      const prefix = op.namespacePrefix.join(":");
      return (results[i] as { namespace: string[] }[]).filter((item) => item.namespace.join(":").startsWith(prefix));
    }) as never;
  }
}

export default {
  name: "search-prefix-by-text",
  bug: 'search() matches the namespace prefix as text on the ":"-joined path, so ["tenant","ann"] also finds ["tenant","anna"] (PostgresStore 1.0.5)',
  catches: ["G25"],
  createStore: () => new PrefixByText(),
} satisfies ProductMutant;
