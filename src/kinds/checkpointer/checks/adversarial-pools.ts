/**
 * Ids and values that real backends get wrong (issue 13): ids that are
 * prefixes of each other or differ only in case, normalization or a suffix;
 * ids holding the separators of key schemes (`: | / # .` and space) and the
 * metacharacters of glob, regex and SQL LIKE patterns; quotes; non-BMP
 * characters; 1 KB ids; falsy values and keys JavaScript or LangGraph treat
 * specially. Plain data, no fast-check: spec tests may reuse it.
 *
 * Ids come in families of look-alikes. A sequence draws one family per kind,
 * so its operations keep meeting on ids a saver may confuse: `deleteThread("user")`
 * next to data of `"user:2"`, `list({ thread_id: "a*c" })` next to `"abc"`.
 */

/** Composed é (U+00E9) and e + combining acute (U+0301): the same text to a reader, different ids to a saver. */
const CAFE_NFC = "caf\u00e9";
const CAFE_NFD = "cafe\u0301";

/**
 * Three thread ids per family, each confusable with the others: the first is used most
 * often. Dense on purpose: a short default run meets every family a few times.
 */
export const THREAD_FAMILIES: readonly (readonly [string, string, string])[] = [
  ["user", "user:2", "User"], // prefix + key separator, case only
  ["a%c", "a*c", "a_c"], // each one a SQL LIKE or glob pattern matching the other two
  ["a.c", "a?c", "a\\c"], // regex dot and glob ? match the other two; a backslash
  [CAFE_NFC, CAFE_NFD, "CAF\u00c9"], // unicode normalization and case
  ["t", "t".repeat(1024), `${"t".repeat(1023)}u`], // 1 KB ids sharing a 1023-character prefix
  ["it", "it's", 'it "\u{1F600}" #'], // quotes, a non-BMP character, space, #, and a prefix
  ["1", "01", "1.0"], // ids a saver might parse as numbers
];

/** The root namespace and three others per family; subgraph namespaces are `node:task|child:task`. */
export const NAMESPACE_FAMILIES: readonly (readonly [string, string, string, string])[] = [
  ["", "child:1", "child:1|grandchild:2", "a|b"],
  ["", "child:1", "child:10", "Child:1"], // prefix, case only
  ["", "node:%", "node:_", "node:a"], // SQL LIKE
  ["", "n*", "n?", "nx"], // glob
  ["", " ", "child:1 ", "child:1"], // a blank namespace, trailing space
  ["", `n:${CAFE_NFC}`, `n:${CAFE_NFD}`, "n:\u{1F600}"], // unicode
];

/** Run ids (metadata.run_id, deleteForRuns): a run must not take another whose id it prefixes or pattern-matches. */
export const RUN_ID_FAMILIES: readonly (readonly [string, string, string])[] = [
  ["run-1", "run-2", "run-3"],
  ["run-1", "run-10", "run-1:2"],
  ["run_%", "run-1", "run_1"],
  ["r", "R", "r "],
];

/**
 * Task ids: code point order differs from locale order (task-B < task-a) and
 * from UTF-16 order (astral vs U+FFFF); one is longer than 36 characters; one
 * extends another with a key separator; one is a LIKE pattern.
 */
export const TASK_IDS = [
  "task-a",
  "task-B",
  "task-b",
  "t:1|2",
  "task-\u{1F600}",
  "task-\uFFFF",
  "task-with-an-id-longer-than-thirty-six-characters",
  "task-a:0",
  "task-%",
] as const;

/** Values a saver may drop or turn into something else because they are falsy or empty. */
export const FALSY_VALUES: readonly unknown[] = [0, "", false, null, [], {}, { inner: 0, empty: "", no: false, nothing: null }];

/**
 * Object keys with meaning elsewhere: LangGraph's reserved channel names,
 * Object.prototype's properties, path syntax (dots, `$`, brackets) and
 * separators. `__proto__` is left out: assigning it sets a prototype, so it
 * needs its own tests, not random ones.
 */
export const SPECIAL_KEYS = [
  "__start__",
  "__pregel_x",
  "constructor",
  "toString",
  "hasOwnProperty",
  "a.b",
  "$.x",
  "[0]",
  "k:1|2",
  "",
] as const;

/** Channel names beyond a, b and messages: reserved and prototype ones. */
export const SPECIAL_CHANNELS = ["__start__", "constructor", "toString"] as const;

/** Checkpoints in a long thread: past 100 (a backend's page size, a default limit). */
export const LONG_THREAD_LENGTHS = { min: 101, max: 112 } as const;

/** Checkpoints in a very long thread: past 1,000 (PostgREST's default max-rows, many SDKs' page). Costly: drawn rarely. */
export const VERY_LONG_THREAD_LENGTHS = { min: 1_001, max: 1_004 } as const;

/** Namespaces of one thread in a wide thread: past 100 (a namespace index's page, a batch-delete limit). */
export const WIDE_THREAD_NAMESPACES = { min: 101, max: 104 } as const;

/** Writes in one putWrites call: past 10, so idx 10 must sort after 9 (not as text). */
export const MANY_WRITES = { min: 11, max: 13 } as const;

/** Writes on one checkpoint past a backend's page of 100 items. */
export const PAGE_OF_WRITES = { min: 101, max: 104 } as const;

/**
 * A thread past one page of a backend, in keys and in bytes: 12 checkpoints of 100 KB
 * (1.2 MB; 1.1 MB without the head) and one putWrites call of 1,100 writes (with the
 * checkpoints, past 1,000 keys). ORD-15's spec tests and the model's bulk threads.
 */
export const BULK_PAGE = { checkpoints: 12, valueChars: 100_000, writes: 1_100 } as const;

/** The i-th checkpoint's own 100 KB value in a bulk thread: a cut or swapped value is visible at once. */
export function bulkValueOf(i: number): string {
  return `${i}:`.padEnd(BULK_PAGE.valueChars, String.fromCharCode(97 + (i % 26)));
}

/** Steps Python LangGraph may write: past int32 and uint32, and the largest safe integer (VAL-14). */
export const LARGE_STEPS = [2_147_483_648, 4_294_967_297, Number.MAX_SAFE_INTEGER] as const;

/**
 * A channel version as Python's PostgresSaver writes it: the step padded to 32
 * digits, then a fraction (`f"{v:032}.{random():016}"`). `fraction` in [0, 1)
 * (random for Python; derived from the step in generated sequences, so they repeat).
 */
export function pythonVersion(step: number, fraction: number): string {
  return `${String(step).padStart(32, "0")}.${fraction.toFixed(16)}`;
}

/** A timestamp as Python writes it (`datetime.isoformat()` in UTC): microseconds and a `+00:00` offset. */
export function pythonTimestamp(date: Date, micros: number): string {
  return `${date.toISOString().slice(0, 19)}.${String(micros).padStart(6, "0")}+00:00`;
}

/** How many versions a chain of getNextVersion calls runs through: past 9, where "10" sorts before "9" as text. */
export const VERSION_CHAIN = 12;

/** A string past 2 MiB (D1 and Cosmos DB rows stop at 2 MB): 2 MiB + 64 KiB. */
export const OVER_TWO_MIB = 2 * 1024 * 1024 + 64 * 1024;

/** A string past 4 MiB too (gRPC's default message limit; SQL Server's and MySQL's packet defaults). */
export const FIVE_MIB = 5 * 1024 * 1024;

/** A string of `length` characters (a multiple of 16) whose end says it is the end: a cut value is visibly cut. */
export function largeText(length: number): string {
  return `${"0123456789abcdef".repeat(length / 16 - 1)}the end of it...`;
}

/**
 * Write channels named like Object.prototype members. Every official saver looks
 * them up in WRITES_IDX_MAP without an own-key check (advisory VAL-10,
 * docs/deviations.md), so random sequences leave them out; the spec test has them.
 */
export const OBJECT_MEMBER_CHANNELS = ["constructor", "toString", "hasOwnProperty", "valueOf", "__proto__"] as const;

/**
 * Thread ids, namespaces and checkpoint ids named like Object.prototype members
 * (issue 40): a saver keyed on plain objects finds the inherited member for an
 * id never written, or pollutes the prototype when it writes one.
 */
export const OBJECT_MEMBER_IDS = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"] as const;

/**
 * The object-member ids a saver may refuse with an error instead of storing:
 * MemorySaver's prototype-pollution guard rejects exactly these as thread ids,
 * namespaces and checkpoint ids (`assertSafeStorageKey`); the others it stores.
 */
export const REFUSABLE_OBJECT_MEMBER_IDS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A filter value that a saver comparing loosely (SQLite's 1 for true, JSON text,
 * `==`) confuses with a stored one: true and 1, false and 0, 1 and "1", "" and 0.
 * Undefined when the value has no such twin.
 */
export function filterLookAlike(stored: unknown): unknown {
  if (typeof stored === "boolean") return Number(stored);
  if (stored === 0 || stored === 1) return Boolean(stored);
  if (typeof stored === "number") return String(stored);
  if (stored === "") return 0;
  if (typeof stored === "string" && /^-?\d+$/.test(stored)) return Number(stored);
  return undefined;
}
