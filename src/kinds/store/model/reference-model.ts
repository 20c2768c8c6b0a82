import type { BatchOp, ListArgs, SearchArgs, StoreValue } from "./calls.js";

/**
 * How reads match: the strict contract, or a declared behaviour's way
 * (answer behaviours, ./behaviours.ts). Only reads differ; writes never do.
 */
export interface ReadSemantics {
  /** search(): does the namespace fall under the prefix (ST-20)? */
  prefixMatches(namespace: readonly string[], prefix: readonly string[]): boolean;
  /** A filter's equality, for plain values, `$eq` and `$ne` (ST-23, ST-24). */
  fieldEquals(actual: unknown, expected: unknown): boolean;
  /** listNamespaces(): do prefix and suffix match (ST-34..37)? */
  listMatches(namespace: readonly string[], args: ListArgs): boolean;
  /** maxDepth truncates deeper namespaces (ST-38), or drops them after the limit (then none is required). */
  maxDepth: "truncates" | "drops";
}

export const STRICT_READS: ReadSemantics = {
  prefixMatches: (namespace, prefix) => prefixMatches(namespace, prefix),
  fieldEquals: (actual, expected) => actual === expected,
  listMatches: (namespace, args) => conditionsMatch(namespace, args),
  maxDepth: "truncates",
};

/** An item as the model knows it: timestamps are only checked for their type. */
export interface ModelItem {
  namespace: string[];
  key: string;
  value: StoreValue;
}

/** What listNamespaces may return: every `required` namespace, and nothing outside `allowed`. */
export interface Listing {
  required: string[][];
  allowed: string[][];
}

const OPERATORS = new Set(["$eq", "$ne", "$gt", "$gte", "$lt", "$lte"]);

export function itemId(namespace: readonly string[], key: string): string {
  return JSON.stringify([namespace, key]);
}

export function nsId(namespace: readonly unknown[]): string {
  return JSON.stringify(namespace);
}

/**
 * The pass/fail store contract (docs/store-catalog.md, REQ clauses) as a
 * small in-memory model: items by (namespace, key), put replaces (ST-03),
 * delete removes one item (ST-18), search by whole-label prefix (ST-20..22)
 * with type-strict filters (ST-23..25), listNamespaces by segment with `*`
 * and truncating maxDepth (ST-33..39), batch writes where the last put of a
 * key wins (ST-43).
 *
 * Not modelled, because the contract leaves it open: result order (ST-30,
 * ST-40), timestamps beyond their type (ST-04, ST-05), and whether a
 * namespace emptied by deletes is still listed (ST-19 is advisory): such
 * "touched" namespaces are allowed in a listing, never required.
 */
export class StoreReferenceModel {
  private readonly items = new Map<string, ModelItem>();
  private readonly touched = new Map<string, string[]>();
  private readonly putCount = new Map<string, number>();
  private readonly deletedIds = new Set<string>();

  /** How reads match: the strict contract, except while an answer is checked again under a declared behaviour. */
  reads: ReadSemantics = STRICT_READS;

  /** `joinedKeyDedupe`: the store is declared to de-duplicate a batch's puts by `ns.join(":") + ":" + key` (InMemoryStore). */
  constructor(private readonly joinedKeyDedupe = false) {}

  /** The answer of `check` with reads matched the way of `reads` (then the strict contract again). */
  under<T>(reads: ReadSemantics, check: () => T): T {
    const before = this.reads;
    this.reads = reads;
    try {
      return check();
    } finally {
      this.reads = before;
    }
  }

  get(namespace: string[], key: string): ModelItem | null {
    return this.items.get(itemId(namespace, key)) ?? null;
  }

  /** How often (namespace, key) was put, and whether it was ever deleted: which clause a wrong read breaks. */
  history(namespace: readonly string[], key: string): { puts: number; deleted: boolean } {
    const id = itemId(namespace, key);
    return { puts: this.putCount.get(id) ?? 0, deleted: this.deletedIds.has(id) };
  }

  put(namespace: string[], key: string, value: StoreValue): void {
    const id = itemId(namespace, key);
    this.touch(namespace);
    this.putCount.set(id, (this.putCount.get(id) ?? 0) + 1);
    this.items.set(id, { namespace: [...namespace], key, value: structuredClone(value) });
  }

  delete(namespace: string[], key: string): void {
    const id = itemId(namespace, key);
    this.touch(namespace);
    if (this.items.delete(id)) this.deletedIds.add(id);
  }

  /**
   * Applies a batch's puts (value null deletes), the last of each key winning.
   * Returns the puts a declared joined-key de-duplication dropped although
   * their (namespace, key) differs from the one kept.
   */
  applyBatchWrites(ops: readonly BatchOp[]): { dropped: BatchOp[] } {
    const puts = ops.filter((op): op is Extract<BatchOp, { kind: "put" }> => op.kind === "put");
    const dropped: BatchOp[] = [];
    let kept = puts;
    if (this.joinedKeyDedupe) {
      const joined = (op: (typeof puts)[number]) => `${op.namespace.join(":")}:${op.key}`;
      const last = new Map(puts.map((op) => [joined(op), op]));
      kept = puts.filter((op) => last.get(joined(op)) === op);
      for (const op of puts) {
        const winner = last.get(joined(op))!;
        if (winner !== op && itemId(winner.namespace, winner.key) !== itemId(op.namespace, op.key)) dropped.push(op);
      }
    }
    for (const op of kept) {
      if (op.value === null) this.delete(op.namespace, op.key);
      else this.put(op.namespace, op.key, op.value);
    }
    return { dropped };
  }

  /** Every item the search matches, before limit and offset (ST-29: they apply after the filter). */
  search(args: SearchArgs): ModelItem[] {
    const { prefixMatches: under, fieldEquals } = this.reads;
    return [...this.items.values()].filter(
      (item) => under(item.namespace, args.prefix) && filterMatches(item.value, args.filter ?? {}, fieldEquals),
    );
  }

  /** The whole listing, before limit and offset (ST-39: they apply after truncation). */
  list(args: ListArgs): Listing {
    const live = distinct([...this.items.values()].map((item) => item.namespace));
    const { listMatches, maxDepth } = this.reads;
    const depth = args.maxDepth;
    const listed = (namespaces: string[][]) => {
      const matching = namespaces.filter((ns) => listMatches(ns, args));
      if (depth === undefined) return matching;
      return maxDepth === "truncates" ? distinct(matching.map((ns) => ns.slice(0, depth))) : matching.filter((ns) => ns.length <= depth);
    };
    // Dropped after the limit: a page may come short of what exists, so nothing is required once one is deeper.
    const drops = depth !== undefined && maxDepth === "drops" && live.some((ns) => listMatches(ns, args) && ns.length > depth);
    return { required: drops ? [] : listed(live), allowed: listed(distinct([...live, ...this.touched.values()])) };
  }

  private touch(namespace: string[]): void {
    this.touched.set(nsId(namespace), [...namespace]);
  }
}

/** ST-20: the prefix matches whole labels, literally (ST-22). */
export function prefixMatches(namespace: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length <= namespace.length && prefix.every((label, i) => namespace[i] === label);
}

/** ST-34..37: prefix and suffix by segment, `*` one label, ANDed. */
export function conditionsMatch(namespace: readonly string[], args: ListArgs): boolean {
  const matches = (path: readonly string[], start: number) =>
    path.length <= namespace.length && path.every((label, i) => label === "*" || label === namespace[start + i]);
  return (!args.prefix || matches(args.prefix, 0)) && (!args.suffix || matches(args.suffix, namespace.length - args.suffix.length));
}

/** ST-23..25: top-level keys ANDed; a value of operators applies each; otherwise type-strict equality. */
export function filterMatches(value: StoreValue, filter: Record<string, unknown>, equals = STRICT_READS.fieldEquals): boolean {
  return Object.entries(filter).every(([key, expected]) => fieldMatches(value[key], expected, equals));
}

export function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => OPERATORS.has(k));
}

function fieldMatches(actual: unknown, expected: unknown, equals: (actual: unknown, expected: unknown) => boolean): boolean {
  if (!isOperatorObject(expected)) return equals(actual, expected);
  return Object.entries(expected).every(([op, operand]) => {
    if (op === "$eq") return equals(actual, operand);
    if (op === "$ne") return !equals(actual, operand);
    // Range operators are only generated on numeric fields and operands.
    if (typeof actual !== "number" || typeof operand !== "number") return false;
    return op === "$gt" ? actual > operand : op === "$gte" ? actual >= operand : op === "$lt" ? actual < operand : actual <= operand;
  });
}

export function distinct(namespaces: readonly string[][]): string[][] {
  return [...new Map(namespaces.map((ns) => [nsId(ns), ns] as const)).values()];
}

/** How many results a page of `total` results holds. */
export function pageSize(total: number, offset: number, limit: number): number {
  return Math.max(0, Math.min(limit, total - offset));
}
