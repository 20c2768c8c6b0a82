import { formatValue, type Difference } from "../../../format.js";
import type { CatalogId } from "../checks/types.js";

/** The paths compare.ts gives whole-list differences: their values are the full id lists or write lists. */
export const LISTED_IDS = "listed checkpoint ids (newest first)";
export const ORDER_ONLY = "(order)";

/** The clause a rejected call breaks: the operation's basic one. */
const REJECTED: Record<string, CatalogId> = {
  "put()": "PUT-01",
  "putWrites()": "PW-01",
  "getTuple()": "GT-03",
  "list()": "LS-01",
  "deleteThread()": "DT-01",
  "getDeltaChannelHistory()": "DCH-12",
};

/** Field rules, first match wins: the clause of the comparison that differed at that path. */
const FIELD_RULES: [RegExp, CatalogId | ((op: string) => CatalogId)][] = [
  [/^get\(\)/, "JS-11"],
  [/pendingWrites \(order\)/, "JS-02"],
  [/pendingWrites/, (op) => (op.startsWith("list") ? "LS-13" : "GT-08")],
  [/\.writes \(order\)$/, "DCH-09"],
  [/\.seed$/, "DCH-06"],
  [/\.seed\b/, "DCH-02"],
  [/\.writes\b/, "DCH-01"],
  [/^order within/, "LS-04"],
  [/^number of listed tuples/, "LS-01"],
  [/^listed\[\d+\]$/, "LS-02"],
  [/parentConfig/, "GT-07"],
  [/checkpoint\.id|configurable\.checkpoint_id/, (op) => (op.startsWith("list") ? "LS-17" : "GT-02")],
  [/config\.configurable/, "GT-04"],
  [/checkpoint\.channel_values/, "PUT-13"],
  [/checkpoint\.channel_versions/, "JS-09"],
  [/checkpoint\.versions_seen/, "PUT-05"],
  [/checkpoint\.(v|ts)\b/, "GT-05"],
  [/metadata/, "JS-09"],
];

/**
 * The one catalog clause a failed comparison checks: the operation's own when it
 * has one, else the clause of the field that differed (a task-order difference
 * in getDeltaChannelHistory is DCH-09, not the DCH family). `family` is what the
 * command compares; its first id is the fallback.
 */
export function comparisonId(operation: string, family: readonly CatalogId[], diffs: readonly Difference[]): CatalogId {
  if (family.length === 1) return family[0];
  const first = diffs[0];
  if (first === undefined) return REJECTED[operation] ?? family[0];
  if (first.path === LISTED_IDS) {
    const [expected, actual] = [first.expected as unknown[], first.actual as unknown[]];
    return sameItems(expected, actual) ? "LS-04" : "LS-01";
  }
  if (/^tuple$/.test(first.path)) return first.expected === undefined ? "GT-10" : "GT-03";
  for (const [pattern, id] of FIELD_RULES) if (pattern.test(first.path)) return typeof id === "string" ? id : id(operation);
  return family[0];
}

/**
 * The disagreement in one sentence: which call, what it answered and what the
 * model expected, e.g. `saver.list() returned 3 tuples, the model 4: missing checkpoint id "…"`.
 */
export function answerLine(operation: string, diffs: readonly Difference[]): string | undefined {
  const first = diffs[0];
  if (first === undefined) return undefined;
  const call = `saver.${operation.split(" ")[0]}`;
  if (first.path === LISTED_IDS) {
    const [expected, actual] = [first.expected as unknown[], first.actual as unknown[]];
    const counts = `${call} returned ${actual.length} tuple${actual.length === 1 ? "" : "s"}, the model ${expected.length}`;
    if (sameItems(expected, actual)) return `${counts}: the same checkpoints in another order`;
    const missing = expected.filter((id) => !actual.includes(id));
    const extra = actual.filter((id) => !expected.includes(id));
    const parts = [
      ...(missing.length > 0
        ? [`missing checkpoint id${missing.length === 1 ? "" : "s"} ${missing.map((id) => formatValue(id)).join(", ")}`]
        : []),
      ...(extra.length > 0 ? [`unexpected ${extra.map((id) => formatValue(id)).join(", ")}`] : []),
    ];
    return parts.length > 0 ? `${counts}: ${parts.join("; ")}` : `${counts}: in another order`;
  }
  if (first.path === "number of listed tuples")
    return `${call} returned ${String(first.actual)} tuples, the model ${String(first.expected)}`;
  const shown = (v: unknown, absent: string) => (v === undefined ? absent : formatValue(v));
  return `${call} answered ${shown(first.actual, "nothing")} at ${first.path}, the model ${shown(first.expected, "nothing")}`;
}

/** Both lists hold the same items (by JSON), maybe in another order. */
export function sameItems(expected: readonly unknown[], actual: readonly unknown[]): boolean {
  if (!Array.isArray(expected) || !Array.isArray(actual) || expected.length !== actual.length) return false;
  const key = (xs: readonly unknown[]) =>
    xs
      .map((x) => JSON.stringify(x) ?? "undefined")
      .sort()
      .join("\n");
  return key(expected) === key(actual);
}
