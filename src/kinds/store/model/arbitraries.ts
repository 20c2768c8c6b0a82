import fc from "fast-check";
import { FILL_NUMBERS, type BatchOp, type InvalidRule, type ListArgs, type SearchArgs, type StoreCall, type StoreValue } from "./calls.js";
import { conditionsMatch, itemId, prefixMatches } from "./reference-model.js";
import { joinedListMatches, joinedPrefixMatches } from "./declared-reads.js";

/**
 * Root labels in families that share characters but not segments, or that
 * are pattern matches, folds or NFKC twins of each other (ST-08, ST-20,
 * ST-22, ST-41). Each sequence draws one family, so its calls keep meeting.
 */
export const ROOT_FAMILIES: readonly (readonly string[])[] = [
  ["acme", "acme-corp", "acmex"],
  ["a_c", "abc", "a%c", "a*c", "a?c"],
  ["fi", "ﬁ", "fi\n"],
  ["user_1", "user", "User"],
  ["t", "t t", "t\\t", "t[1]"],
];

/** Labels below the root: "b" with key "c" meets key "b:c" one level up (ST-08, ST-43); "langgraph" is allowed below the root (ST-14). */
export const SUB_LABELS = ["b", "c", "b_c", "langgraph", "d"] as const;

/** Keys are arbitrary strings (ST-09): colons, a trailing newline, a fold, non-ASCII. */
export const KEYS = ["c", "b:c", "k", "k\n", "K", "ключ", "k:1:2", "%"] as const;

/** Label characters the base validation allows but a store may refuse (ST-16, a profile item): a run uses only those its store accepts. */
export const OPTIONAL_LABEL_CHARS = ["-", "%", "*", "?", " ", "\\", "[", "]"] as const;

/** A value's fields: `n` always a number (range filters, ST-25), `s` type-confusable twins (ST-24), `tag` look-alike strings (ST-23). */
const N_VALUES = FILL_NUMBERS;
const S_VALUES = [1, "1", "9", "10", 0, "0", false, "", true, "true"];
const TAGS = ["active", "active-ish", "Active"];
const N_OPERANDS = [9, 10, 2, 9.5, 100, 0];

/** A sequence's working set: one family of roots, a few namespaces and keys, so its calls keep meeting the same items. */
export interface Pools {
  roots: readonly string[];
  /** SUB_LABELS the store accepts. */
  subLabels: readonly string[];
  namespaces: readonly string[][];
  keys: readonly string[];
}

/** The label characters a run probes on its first store, using a label with one only when the store accepts it: the optional ones, and "_" when a store is declared to reject it. */
export const PROBED_LABEL_CHARS = [...OPTIONAL_LABEL_CHARS, "_"] as const;

/** What the sequences may use: the probed label characters the store accepts, and whether a string value may hold a NUL. */
export interface UsableInputs {
  labelCharacters: ReadonlySet<string>;
  nulInValues: boolean;
}

/** The families with only the labels a store accepts; a family left with one root still has its deeper look-alikes. */
export function poolsArb(acceptedProbed: ReadonlySet<string>): fc.Arbitrary<Pools> {
  const usable = (label: string) =>
    [...label].every((ch) => !(PROBED_LABEL_CHARS as readonly string[]).includes(ch) || acceptedProbed.has(ch));
  const families = ROOT_FAMILIES.map((f) => f.filter(usable)).filter((f) => f.length > 0);
  const subLabels = SUB_LABELS.filter(usable);
  return fc.constantFrom(...families).chain((roots) => {
    const deeper = fc
      .tuple(fc.constantFrom(...roots), fc.array(fc.constantFrom(...subLabels), { minLength: 1, maxLength: 3 }))
      .map(([root, subs]) => [root, ...subs]);
    return fc.record({
      subLabels: fc.constant(subLabels),
      roots: fc.constant(roots),
      namespaces: fc
        .uniqueArray(deeper, { minLength: 3, maxLength: 5, selector: (ns) => JSON.stringify(ns) })
        .map((ns) => [...roots.map((r) => [r]), ...ns]),
      keys: fc.uniqueArray(fc.constantFrom(...KEYS), { minLength: 2, maxLength: 3 }),
    });
  });
}

const nsArb = (p: Pools) => fc.constantFrom(...p.namespaces);
const keyOf = (p: Pools) => fc.constantFrom(...p.keys);
/** Mostly one namespace and key of the working set: a put, a delete and a put again of one item (ST-03, ST-18) are then common. */
const hotItem = (p: Pools) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant({ namespace: p.namespaces[p.namespaces.length - 1]!, key: p.keys[0]! }) },
    { weight: 2, arbitrary: fc.record({ namespace: nsArb(p), key: keyOf(p) }) },
  );

const extraArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 40,
    arbitrary: fc.constantFrom(null, { deep: { a: [1, null, "x", { e: {} }] } }, [], 'é "quoted" \\ \u0000', 0.5, -(2 ** 53 - 1)),
  },
  // Past 65,535 characters: a text column with a length limit cuts it (ST-06).
  { weight: 1, arbitrary: fc.constant("x".repeat(70_000)) },
);

export const valueArb: fc.Arbitrary<StoreValue> = fc.record(
  { n: fc.constantFrom(...N_VALUES), s: fc.constantFrom(...S_VALUES), tag: fc.constantFrom(...TAGS), extra: extraArb },
  { requiredKeys: ["n", "s", "tag"] },
);

const rangeArb = fc
  .record(
    {
      $eq: fc.constantFrom(...N_OPERANDS),
      $ne: fc.constantFrom(...N_OPERANDS),
      $gt: fc.constantFrom(...N_OPERANDS),
      $gte: fc.constantFrom(...N_OPERANDS),
      $lt: fc.constantFrom(...N_OPERANDS),
      $lte: fc.constantFrom(...N_OPERANDS),
    },
    { requiredKeys: [] },
  )
  .filter((ops) => Object.keys(ops).length > 0 && Object.keys(ops).length <= 2);

/** Filters on fields every value has (no `$ne` on a missing field, ST-26), no nested values or dotted keys (ST-28); mostly one or two fields, so that some items match. */
const nFilter = fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...N_VALUES) }, { weight: 3, arbitrary: rangeArb });
const sFilter = fc.oneof(
  fc.constantFrom(...S_VALUES),
  fc.record({ $eq: fc.constantFrom(...S_VALUES) }),
  fc.record({ $ne: fc.constantFrom(...S_VALUES) }),
);
const tagFilter = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TAGS) },
  { weight: 1, arbitrary: fc.record({ $ne: fc.constantFrom(...TAGS) }) },
);
const filterArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ n: nFilter }) },
  { weight: 2, arbitrary: fc.record({ s: sFilter }) },
  { weight: 2, arbitrary: fc.record({ tag: tagFilter }) },
  { weight: 1, arbitrary: fc.record({ n: nFilter, tag: tagFilter }) },
  { weight: 1, arbitrary: fc.record({ s: sFilter, tag: tagFilter }) },
);

const limitArb = fc.option(fc.constantFrom(0, 0, 1, 2, 3, 10, 11), { nil: undefined });
const offsetArb = fc.option(fc.constantFrom(0, 1, 2, 3, 20), { nil: undefined });

const searchArgsArb = (p: Pools): fc.Arbitrary<SearchArgs> =>
  fc.oneof(
    fc
      .record({ ns: nsArb(p), depth: fc.nat(4), filter: fc.option(filterArb, { nil: undefined }), limit: limitArb, offset: offsetArb })
      .map(({ ns, depth, ...rest }) => clean({ prefix: ns.slice(0, depth), ...rest })),
    // The whole root, all at once: a state check of everything the sequence wrote there.
    fc.constantFrom(...p.roots).map((root) => ({ prefix: [root], limit: 1000 })),
    // One namespace with the defaults: past 10 items (a fill), the default limit shows (ST-29).
    nsArb(p).map((ns) => ({ prefix: ns })),
  );

/** A path of a namespace for a prefix or suffix, some labels replaced by "*" (ST-36). */
const pathArb = (p: Pools, side: "prefix" | "suffix") =>
  fc.oneof(
    fc
      .record({ ns: nsArb(p), length: fc.integer({ min: 1, max: 4 }), star: fc.option(fc.nat(3), { nil: undefined }) })
      .map(({ ns, length, star }) => {
        const path = side === "prefix" ? ns.slice(0, length) : ns.slice(-length);
        return path.map((label, i) => (i === star ? "*" : label));
      }),
    // One label that other labels start or end with ("t" / "t t", "c" / "b_c"): segment matching (ST-34, ST-35).
    fc.constantFrom(...(side === "prefix" ? p.roots : [...p.roots, ...p.subLabels])).map((label) => [label]),
  );

const listArgsArb = (p: Pools): fc.Arbitrary<ListArgs> =>
  fc
    .record(
      {
        prefix: pathArb(p, "prefix"),
        suffix: pathArb(p, "suffix"),
        maxDepth: fc.integer({ min: 1, max: 4 }),
        limit: fc.constantFrom(0, 1, 2, 3, 100),
        offset: fc.constantFrom(0, 1, 2, 3),
      },
      { requiredKeys: [] },
    )
    .map(clean)
    // Sometimes the whole store with the defaults: past 100 namespaces, the default limit shows (ST-33).
    .chain((args) => fc.oneof({ weight: 3, arbitrary: fc.constant(args) }, { weight: 1, arbitrary: fc.constant({}) }));

const writeArb = (p: Pools): fc.Arbitrary<BatchOp> =>
  fc
    .record({
      namespace: nsArb(p),
      key: keyOf(p),
      value: fc.oneof({ weight: 4, arbitrary: valueArb }, { weight: 1, arbitrary: fc.constant(null) }),
    })
    .map((w) => ({ kind: "put" as const, ...w }));

const readArb = (p: Pools): fc.Arbitrary<BatchOp> =>
  fc.oneof(
    fc.record({ namespace: nsArb(p), key: keyOf(p) }).map((r) => ({ kind: "get" as const, ...r })),
    searchArgsArb(p).map((a) => ({ kind: "search" as const, ...a })),
    listArgsArb(p).map((a) => ({ kind: "list" as const, ...a })),
  );

/**
 * A batch: writes (some to the same key: the last wins, ST-43; value null
 * deletes) interleaved with reads that touch none of them, since whether a
 * read sees a write of its own batch is a profile item (ST-44).
 */
const batchArb = (p: Pools): fc.Arbitrary<StoreCall> =>
  fc
    .record({
      writes: fc.array(writeArb(p), { minLength: 1, maxLength: 4 }),
      reads: fc.array(readArb(p), { maxLength: 3 }),
      spread: fc.nat(5),
    })
    .map(({ writes, reads, spread }) => ({
      call: "batch" as const,
      ops: interleave(
        writes,
        reads.filter((r) => !touches(r, writes)),
        spread,
      ),
    }));

/** Puts of look-alike paths in one batch: key "b:c" under [r] and key "c" under [r, "b"] (ST-08, ST-43). */
const lookAlikeBatchArb = (p: Pools): fc.Arbitrary<StoreCall> =>
  fc.record({ root: fc.constantFrom(...p.roots), a: valueArb, b: valueArb, swap: fc.boolean() }).map(({ root, a, b, swap }) => {
    const ops: BatchOp[] = [
      { kind: "put", namespace: [root], key: "b:c", value: a },
      { kind: "put", namespace: [root, "b"], key: "c", value: b },
    ];
    return { call: "batch", ops: swap ? ops.reverse() : ops };
  });

/** More items in one namespace than a default search page holds (ST-29: 10). */
const fillArb = (p: Pools): fc.Arbitrary<StoreCall> =>
  fc
    .record({ namespace: nsArb(p), count: fc.integer({ min: 11, max: 13 }), value: valueArb })
    .map(({ namespace, count, value }) => ({ call: "fill", namespace, count, value }));

/** More namespaces than a default listing holds (ST-33: 100). */
const wideArb = (p: Pools): fc.Arbitrary<StoreCall> =>
  fc
    .record({ root: fc.constantFrom(...p.roots), count: fc.integer({ min: 101, max: 103 }) })
    .map(({ root, count }) => ({ call: "wide", root, count }));

/** put() calls at once: distinct keys, or one key put several times with one value (ST-47). */
const concurrentArb = (p: Pools): fc.Arbitrary<StoreCall> =>
  fc
    .oneof(
      fc.uniqueArray(fc.record({ namespace: nsArb(p), key: keyOf(p), value: valueArb }), {
        minLength: 2,
        maxLength: 5,
        selector: (w) => itemId(w.namespace, w.key),
      }),
      fc
        .record({ namespace: nsArb(p), key: keyOf(p), value: valueArb, times: fc.integer({ min: 2, max: 5 }) })
        .map(({ times, ...w }) => Array.from({ length: times }, () => w)),
    )
    .map((puts) => ({ call: "concurrentPuts" as const, puts }));

const INVALID: readonly { rule: InvalidRule; namespace: (root: string) => unknown[] }[] = [
  { rule: "empty namespace", namespace: () => [] },
  { rule: "label with .", namespace: (root) => [root, "b.c"] },
  { rule: "empty label", namespace: (root) => [root, "", "b"] },
  { rule: "empty label", namespace: () => [""] },
  { rule: "non-string label", namespace: (root) => [root, 1] },
  { rule: "reserved root", namespace: () => ["langgraph", "b"] },
];

const invalidArb = (p: Pools) =>
  fc.record({ which: fc.nat(INVALID.length - 1), root: fc.constantFrom(...p.roots), key: keyOf(p), value: valueArb });

const invalidPutArb = (p: Pools): fc.Arbitrary<StoreCall> =>
  invalidArb(p).map(({ which, root, key, value }) => ({
    call: "invalidPut",
    namespace: INVALID[which]!.namespace(root),
    key,
    value,
    rule: INVALID[which]!.rule,
  }));

/** The reserved root in a raw batch is a profile item (ST-15): left out. */
const invalidBatchArb = (p: Pools): fc.Arbitrary<StoreCall> =>
  fc
    .record({
      invalid: invalidArb(p).filter(({ which }) => INVALID[which]!.rule !== "reserved root"),
      reads: fc.array(readArb(p), { maxLength: 2 }),
    })
    .map(({ invalid: { which, root, key, value }, reads }) => ({
      call: "invalidBatch",
      reads,
      namespace: INVALID[which]!.namespace(root),
      key,
      value,
      rule: INVALID[which]!.rule,
    }));

/** One call, weighted towards writes so that reads have something to disagree on. */
export function callArb(p: Pools): fc.Arbitrary<StoreCall> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({ item: hotItem(p), value: valueArb }).map(({ item, value }) => ({ call: "put" as const, ...item, value })),
    },
    { weight: 3, arbitrary: hotItem(p).map((c) => ({ call: "delete" as const, ...c })) },
    { weight: 3, arbitrary: hotItem(p).map((c) => ({ call: "get" as const, ...c })) },
    { weight: 5, arbitrary: searchArgsArb(p).map((a) => ({ call: "search" as const, ...a })) },
    {
      weight: 2,
      arbitrary: fc
        .record({ args: searchArgsArb(p), pageSize: fc.integer({ min: 1, max: 3 }) })
        .map(({ args: { prefix, filter }, pageSize }) => ({ call: "searchPages" as const, ...clean({ prefix, filter }), pageSize })),
    },
    { weight: 4, arbitrary: listArgsArb(p).map((a) => ({ call: "list" as const, ...a })) },
    {
      weight: 2,
      arbitrary: fc
        .record({ args: listArgsArb(p), pageSize: fc.integer({ min: 1, max: 3 }) })
        .map(({ args: { prefix, suffix, maxDepth }, pageSize }) => ({
          call: "listPages" as const,
          ...clean({ prefix, suffix, maxDepth }),
          pageSize,
        })),
    },
    { weight: 4, arbitrary: batchArb(p) },
    { weight: 1, arbitrary: lookAlikeBatchArb(p) },
    { weight: 1, arbitrary: fillArb(p) },
    { weight: 1, arbitrary: concurrentArb(p) },
    { weight: 1, arbitrary: invalidPutArb(p) },
    { weight: 1, arbitrary: invalidBatchArb(p) },
    { weight: 1, arbitrary: wideArb(p) },
  );
}

/** A sequence: one family of roots, then calls drawing from it; without NUL characters in values when the store refuses them. */
export function sequenceArb(inputs: UsableInputs, maxCalls: number): fc.Arbitrary<StoreCall[]> {
  const calls = poolsArb(inputs.labelCharacters).chain((p) => fc.array(callArb(p), { minLength: 1, maxLength: maxCalls, size: "max" }));
  return inputs.nulInValues ? calls : calls.map((list) => withoutNul(list));
}

/** The calls with every NUL character taken out of their strings. */
function withoutNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\u0000", "") as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  return value;
}

/**
 * Whether a read could see one of the writes (then its answer would depend on
 * ST-44): by the contract's matching, or by text on the joined path, as a
 * store declared to match that way would.
 */
function touches(read: BatchOp, writes: readonly BatchOp[]): boolean {
  const written = writes.filter((w): w is Extract<BatchOp, { kind: "put" }> => w.kind === "put");
  if (read.kind === "get") return written.some((w) => itemId(w.namespace, w.key) === itemId(read.namespace, read.key));
  if (read.kind === "search")
    return written.some((w) => prefixMatches(w.namespace, read.prefix) || joinedPrefixMatches(w.namespace, read.prefix));
  if (read.kind === "list") return written.some((w) => conditionsMatch(w.namespace, read) || joinedListMatches(w.namespace, read));
  return false;
}

function interleave<T>(writes: T[], reads: T[], spread: number): T[] {
  const out = [...writes];
  reads.forEach((read, i) => out.splice((spread * (i + 1)) % (out.length + 1), 0, read));
  return out;
}

/** The object without its undefined fields (so a reproduction prints only what the call passes). */
function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
