import { diffValues, formatDiff, formatValue, type Difference } from "../../../format.js";
import type { CatalogId } from "../../checkpointer/checks/types.js";
import type { ListArgs, SearchArgs } from "./calls.js";
import {
  conditionsMatch,
  isOperatorObject,
  itemId,
  nsId,
  pageSize,
  prefixMatches,
  type Listing,
  type ModelItem,
  type StoreReferenceModel,
} from "./reference-model.js";

/** One failed comparison: the clause it checks and what differed. */
export interface Mismatch {
  id: CatalogId;
  /** One sentence: what the call answered against the model. */
  answer: string;
  diffs: Difference[];
}

/** Most difference lines kept in a result (the first differing answer is capped). */
export const MAX_DIFF_LINES = 8;

export function diffLines(m: Mismatch): string[] {
  const lines = formatDiff(m.diffs.slice(0, MAX_DIFF_LINES));
  if (m.diffs.length > MAX_DIFF_LINES) lines.push(`- …and ${m.diffs.length - MAX_DIFF_LINES} more`);
  return [m.answer, ...lines];
}

const mismatch = (id: CatalogId, answer: string, diffs: Difference[] = []): Mismatch => ({ id, answer, diffs });

function prefixed(at: string, diffs: Difference[]): Difference[] {
  return diffs.map((d) => ({
    ...d,
    path: d.path === "(value)" ? at : `${at}${d.path.replace(/^\(value\)/, "").replace(/^(?=[^.[])/, ".")}`,
  }));
}

/**
 * An Item against the model's: namespace and key (ST-08), value (ST-03 when
 * the key was overwritten, else ST-06), Date timestamps (ST-01), and in a
 * search without a query no score (ST-31). Timestamps' values are not compared (ST-04, ST-05).
 */
export function checkItem(
  actual: unknown,
  expected: ModelItem,
  at: string,
  model: StoreReferenceModel,
  inSearch: boolean,
): Mismatch | undefined {
  if (typeof actual !== "object" || actual === null)
    return mismatch("ST-01", `${at} is not an Item`, [{ path: at, expected: summary(expected), actual }]);
  const item = actual as Record<string, unknown>;
  const where = prefixed(`${at}.namespace`, diffValues(expected.namespace, item.namespace)).concat(
    prefixed(`${at}.key`, diffValues(expected.key, item.key)),
  );
  if (where.length) return mismatch("ST-08", `${at} names another item than the one asked for`, where);
  const value = prefixed(`${at}.value`, diffValues(expected.value, item.value));
  if (value.length) {
    const { puts, deleted } = model.history(expected.namespace, expected.key);
    return mismatch(puts > 1 || deleted ? "ST-03" : "ST-06", `${at}.value differs from the value last put`, value);
  }
  for (const field of ["createdAt", "updatedAt"]) {
    if (!(item[field] instanceof Date))
      return mismatch("ST-01", `${at}.${field} is not a Date`, [{ path: `${at}.${field}`, expected: "a Date", actual: item[field] }]);
  }
  if (inSearch && item.score !== undefined)
    return mismatch("ST-31", `${at} has a score, but the search had no query`, [
      { path: `${at}.score`, expected: undefined, actual: item.score },
    ]);
  return undefined;
}

/** get(): the model's item, or exactly null (ST-02). */
export function checkGet(
  actual: unknown,
  namespace: string[],
  key: string,
  model: StoreReferenceModel,
  at = "get()",
): Mismatch | undefined {
  const expected = model.get(namespace, key);
  if (expected) {
    if (actual === null || actual === undefined) {
      const { puts, deleted } = model.history(namespace, key);
      return mismatch(puts > 1 || deleted ? "ST-03" : "ST-01", `${at} returned ${formatValue(actual)}, the model has the item`, [
        { path: at, expected: summary(expected), actual },
      ]);
    }
    return checkItem(actual, expected, at, model, false);
  }
  if (actual === null) return undefined;
  if (actual === undefined)
    return mismatch("ST-02", `${at} of a missing item returned undefined, not null`, [{ path: at, expected: null, actual }]);
  const { deleted } = model.history(namespace, key);
  return mismatch(deleted ? "ST-18" : "ST-08", `${at} returned an item the model does not have${deleted ? " (it was deleted)" : ""}`, [
    { path: at, expected: null, actual: summaryOf(actual) },
  ]);
}

/** One page of a search: the right size, no item twice, each a match (checked against the model's item). */
export function checkSearchPage(actual: unknown, args: SearchArgs, model: StoreReferenceModel, at: string): Mismatch | undefined {
  const all = model.search(args);
  if (!Array.isArray(actual))
    return mismatch(searchClause(args), `${at} did not return an array`, [{ path: at, expected: "an array of items", actual }]);
  const wrong = checkSearchItems(actual, all, args, model, at);
  if (wrong) return wrong;
  const expected = pageSize(all.length, args.offset ?? 0, args.limit ?? 10);
  if (actual.length === expected) return undefined;
  const complete = (args.offset ?? 0) === 0 && all.length <= (args.limit ?? 10);
  const ids = new Set(actual.map((item) => idOf(item)));
  const missing = all.filter((item) => !ids.has(itemId(item.namespace, item.key)));
  const diffs = [
    { path: `${at}.length`, expected, actual: actual.length },
    ...(complete ? missing.map((item) => ({ path: `${at} is missing`, expected: summary(item), actual: undefined })) : []),
  ];
  const id = complete ? (args.filter && Object.keys(args.filter).length ? filterClause(args.filter) : searchClause(args)) : "ST-29";
  return mismatch(
    id,
    `${at} returned ${actual.length} item${actual.length === 1 ? "" : "s"}, the model ${expected} (${all.length} match${all.length === 1 ? "" : "es"} in all)`,
    diffs,
  );
}

/** Every page of a search together: disjoint, and exactly the matches (ST-29). */
export function checkSearchPages(pages: unknown[][], args: SearchArgs, model: StoreReferenceModel, at: string): Mismatch | undefined {
  const all = model.search(args);
  const flat = pages.flat();
  const wrong = checkSearchItems(flat, all, args, model, at);
  if (wrong) return wrong;
  const ids = new Set(flat.map((item) => idOf(item)));
  const missing = all.filter((item) => !ids.has(itemId(item.namespace, item.key)));
  if (!missing.length) return undefined;
  return mismatch(
    "ST-29",
    `${at}: ${pages.length} page(s) held ${flat.length} items, the model has ${all.length} matches`,
    missing.map((item) => ({ path: `${at} is missing`, expected: summary(item), actual: undefined })),
  );
}

function checkSearchItems(
  actual: unknown[],
  all: ModelItem[],
  args: SearchArgs,
  model: StoreReferenceModel,
  at: string,
): Mismatch | undefined {
  const byId = new Map(all.map((item) => [itemId(item.namespace, item.key), item]));
  const seen = new Set<string>();
  for (const [i, item] of actual.entries()) {
    const here = `${at}[${i}]`;
    const id = idOf(item);
    if (seen.has(id))
      return mismatch("ST-29", `${here} is an item already returned`, [
        { path: here, expected: "each item once", actual: summaryOf(item) },
      ]);
    seen.add(id);
    const expected = byId.get(id);
    if (!expected) return unexpectedItem(item, args, model, here);
    const wrong = checkItem(item, expected, here, model, true);
    if (wrong) return wrong;
  }
  return undefined;
}

/** A search returned an item that does not match: the clause depends on why it does not. */
function unexpectedItem(actual: unknown, args: SearchArgs, model: StoreReferenceModel, at: string): Mismatch {
  const item = (actual ?? {}) as Partial<ModelItem>;
  const diffs = [{ path: at, expected: "only items that match", actual: summaryOf(actual) }];
  const namespace = Array.isArray(item.namespace) ? (item.namespace as string[]) : [];
  if (!prefixMatches(namespace, args.prefix)) {
    const literal = args.prefix.some((label) => /[_%*?[\\]/.test(label));
    return mismatch(literal ? "ST-22" : "ST-20", `${at} is outside the prefix ${formatValue(args.prefix)}`, diffs);
  }
  const stored = typeof item.key === "string" ? model.get(namespace, item.key) : null;
  if (!stored) {
    const deleted = typeof item.key === "string" && model.history(namespace, item.key).deleted;
    return mismatch(deleted ? "ST-18" : "ST-08", `${at} is an item the model does not have${deleted ? " (it was deleted)" : ""}`, diffs);
  }
  return mismatch(filterClause(args.filter ?? {}, stored.value), `${at} does not match the filter ${formatValue(args.filter)}`, [
    { path: `${at}.value`, expected: args.filter, actual: stored.value },
  ]);
}

/** ST-25 for operators, ST-24 when a field's type-confusable twin is what matched, else ST-23. */
function filterClause(filter: Record<string, unknown>, value?: Record<string, unknown>): CatalogId {
  if (Object.values(filter).some(isOperatorObject)) return "ST-25";
  // eslint-disable-next-line eqeqeq
  const twin =
    value !== undefined &&
    Object.entries(filter).some(
      // biome-ignore lint/suspicious/noDoubleEquals: it tells a store that compares loosely (1 == "1") from one that compares exactly
      ([key, expected]) => value[key] !== expected && (value[key] == expected || String(value[key]) === String(expected)),
    );
  return twin ? "ST-24" : "ST-23";
}

function searchClause(args: SearchArgs): CatalogId {
  return args.prefix.length === 0 ? "ST-21" : "ST-20";
}

/** One page of a listing: every entry allowed and once, the page's size within what the model allows, complete when it is the whole listing. */
export function checkListPage(actual: unknown, args: ListArgs, model: StoreReferenceModel, at: string): Mismatch | undefined {
  const listing = model.list(args);
  if (!Array.isArray(actual))
    return mismatch("ST-33", `${at} did not return an array`, [{ path: at, expected: "an array of namespaces", actual }]);
  const wrong = checkListEntries(actual, listing, args, at);
  if (wrong) return wrong;
  const [offset, limit] = [args.offset ?? 0, args.limit ?? 100];
  const [least, most] = [pageSize(listing.required.length, offset, limit), pageSize(listing.allowed.length, offset, limit)];
  if (actual.length < least || actual.length > most) {
    const expected = least === most ? least : `${least} to ${most}`;
    const id: CatalogId =
      args.limit === undefined && listing.required.length > 100 ? "ST-33" : args.maxDepth !== undefined ? "ST-39" : "ST-33";
    return mismatch(id, `${at} returned ${actual.length} namespace(s), the model ${expected}`, [
      { path: `${at}.length`, expected, actual: actual.length },
    ]);
  }
  if (offset === 0 && actual.length < limit) return missingNamespaces(actual as string[][], listing, args, at);
  return undefined;
}

/** Every page of a listing together: disjoint (ST-39), and between the required and the allowed namespaces. */
export function checkListPages(pages: unknown[][], args: ListArgs, model: StoreReferenceModel, at: string): Mismatch | undefined {
  const listing = model.list(args);
  const flat = pages.flat();
  const wrong = checkListEntries(flat, listing, args, at);
  if (wrong) return wrong.id === "ST-33" && wrong.answer.includes("twice") ? { ...wrong, id: "ST-39" } : wrong;
  return missingNamespaces(flat as string[][], listing, args, at);
}

function checkListEntries(actual: unknown[], listing: Listing, args: ListArgs, at: string): Mismatch | undefined {
  const allowed = new Set(listing.allowed.map(nsId));
  const seen = new Set<string>();
  for (const [i, ns] of actual.entries()) {
    const here = `${at}[${i}]`;
    if (!Array.isArray(ns) || ns.some((label) => typeof label !== "string"))
      return mismatch("ST-33", `${here} is not a namespace`, [{ path: here, expected: "an array of labels", actual: ns }]);
    const id = nsId(ns);
    if (seen.has(id))
      return mismatch(args.maxDepth !== undefined ? "ST-38" : "ST-33", `${here} is listed twice`, [
        { path: here, expected: "each namespace once", actual: ns },
      ]);
    seen.add(id);
    if (!allowed.has(id))
      return mismatch(unlistedClause(ns as string[], args), `${here} is a namespace the listing must not hold`, [
        { path: here, expected: "only namespaces that match", actual: ns },
      ]);
  }
  return undefined;
}

/** Why a listed namespace should not be there: the condition it fails, or a depth past maxDepth. */
function unlistedClause(ns: string[], args: ListArgs): CatalogId {
  if (args.maxDepth !== undefined && ns.length > args.maxDepth) return "ST-38";
  const wildcard = (path?: string[]) => path?.includes("*") ?? false;
  const prefixOk = conditionsMatch(ns, { prefix: args.prefix });
  const suffixOk = conditionsMatch(ns, { suffix: args.suffix });
  if (args.prefix && args.suffix && (prefixOk || suffixOk)) return "ST-37";
  if (!prefixOk) return wildcard(args.prefix) ? "ST-36" : "ST-34";
  if (!suffixOk) return wildcard(args.suffix) ? "ST-36" : "ST-35";
  return "ST-33";
}

function missingNamespaces(actual: string[][], listing: Listing, args: ListArgs, at: string): Mismatch | undefined {
  const listed = new Set(actual.map(nsId));
  const missing = listing.required.filter((ns) => !listed.has(nsId(ns)));
  if (!missing.length) return undefined;
  const wildcard = [...(args.prefix ?? []), ...(args.suffix ?? [])].includes("*");
  const id: CatalogId = args.maxDepth !== undefined ? "ST-38" : wildcard ? "ST-36" : "ST-33";
  return mismatch(
    id,
    `${at} left out ${missing.length} namespace(s) that hold items`,
    missing.map((ns) => ({ path: `${at} is missing`, expected: ns, actual: undefined })),
  );
}

function idOf(item: unknown): string {
  const { namespace, key } = (item ?? {}) as Partial<ModelItem>;
  return itemId(Array.isArray(namespace) ? namespace : [], typeof key === "string" ? key : String(key));
}

function summary(item: ModelItem): Record<string, unknown> {
  return { namespace: item.namespace, key: item.key, value: item.value };
}

function summaryOf(actual: unknown): unknown {
  if (typeof actual !== "object" || actual === null) return actual;
  const { namespace, key, value } = actual as Record<string, unknown>;
  return { namespace, key, value };
}
