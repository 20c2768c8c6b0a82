import { answerKind } from "./answer-kind.js";
import type { FailureItem } from "./failure-item.js";
import type { Harm } from "../../report/types.js";

export type { Harm };

/** The harms, worst first: a cause's place in the report. */
export const HARMS: readonly Harm[] = ["crosses", "lost", "changed", "order", "rejected"];

/** What each harm is, as the report says it. */
export const HARM_TEXT: Record<Harm, string> = {
  crosses: "data of another thread, namespace or tenant returned or deleted",
  lost: "data lost",
  changed: "data changed",
  order: "wrong order",
  rejected: "input rejected",
};

/** A clause about keeping one thread, namespace, tenant or key apart from another (`never returns ["acme-corp"]`, `another thread keeps its latest`). */
const BOUNDARY =
  /\b(another|other|others|sibling|lookalike|elsewhere|only its own|its own|exactly that|that exact|never returns?|never lists?|never|must not be the same|leaks?|isolat\w*|a second saver|apart|distinct)\b/i;
/** …of threads, namespaces, tenants, keys or labels. */
const SCOPE = /\b(threads?|namespaces?|tenants?|prefix|labels?|keys?|paths?)\b/i;

/** The harm one failure shows, from its kind of wrong answer and what its clause keeps apart. */
export function harmOf(item: FailureItem): Harm {
  const kind = answerKind(item);
  if (kind === "rejected") return "rejected";
  if (kind === "order") return "order";
  const clause = `${item.name.replace(/_/g, " ")}\n${item.description}`;
  // A race test's damage to another thread is what any lost update does wherever it is: it does not show where the data crossed.
  const race = /(?:^|_)(?:race|conc|concurrent)_/.test(item.name);
  // Another thread's or namespace's value where this one's was expected, its items among these, or its data deleted with these.
  if (!race && BOUNDARY.test(clause) && SCOPE.test(clause)) return "crosses";
  // Fewer items, or nothing where data was stored, is data lost; an item that should not be there (a deleted one back, an expired one listed) is wrong data.
  return kind === "too-few" || kind === "missing-item" ? "lost" : "changed";
}

/** The worst harm of a cause's failures: where the cause goes in the report. */
export function worstHarm(failures: readonly FailureItem[]): Harm {
  return HARMS[Math.min(...failures.map((f) => HARMS.indexOf(harmOf(f))))] ?? "changed";
}
