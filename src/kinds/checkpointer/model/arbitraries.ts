import fc from "fast-check";
import { ERROR, INTERRUPT, RESUME, SCHEDULED, TASKS } from "@langchain/langgraph-checkpoint";
import {
  FALSY_VALUES,
  LARGE_STEPS,
  NAMESPACE_FAMILIES,
  RUN_ID_FAMILIES,
  SPECIAL_CHANNELS,
  SPECIAL_KEYS,
  TASK_IDS,
  THREAD_FAMILIES,
  pythonTimestamp,
  pythonVersion,
} from "../checks/adversarial-pools.js";

/**
 * The vocabulary of generated sequences. Pools are small on purpose: sequences
 * only find bugs when their operations meet on the same thread, namespace,
 * checkpoint id, task and metadata key. Each sequence draws its ids from one
 * family of look-alikes per kind (adversarial-pools.ts).
 */
export interface Pools {
  threads: readonly [string, string, string];
  namespaces: readonly [string, string, string, string];
  runIds: readonly [string, string, string];
  /** The checkpoint's channels: a, b, messages, and in some sequences a reserved or prototype name. */
  channels: readonly string[];
  /** Whether values may be large (1 MB, 10,001 items, 40 levels): costly to store and compare, so only in some sequences. */
  largeValues: boolean;
  /** Whether the sequence may build a thread past 100 checkpoints (costly to read back, so only in some sequences). */
  longThreads: boolean;
}

/** Pools of friendly ids, as a saver author's own tests use: the reference the adversarial families vary. */
export const FRIENDLY_POOLS: Pools = {
  threads: ["thread-1", "thread-2", "thread:3|x"],
  namespaces: NAMESPACE_FAMILIES[0],
  runIds: RUN_ID_FAMILIES[0],
  channels: ["a", "b", "messages"],
  largeValues: true,
  longThreads: true,
};

/**
 * The pools a sequence can draw: one per thread family, each paired with a namespace
 * family, a run id family and a channel set in turn, and a few allowed large values or
 * long threads. A fixed list (not every combination) so that each pool's command
 * generators are built once per run, not once per sequence.
 */
export const POOL_SCENARIOS: readonly Pools[] = [
  ...THREAD_FAMILIES.map((threads, i) => ({
    threads,
    namespaces: NAMESPACE_FAMILIES[i % NAMESPACE_FAMILIES.length],
    runIds: RUN_ID_FAMILIES[i % RUN_ID_FAMILIES.length],
    channels: i % 3 === 2 ? ["a", "b", SPECIAL_CHANNELS[Math.floor(i / 3) % SPECIAL_CHANNELS.length]] : FRIENDLY_POOLS.channels,
    largeValues: i % 5 === 1,
    longThreads: i % 5 === 2 || i % 5 === 3,
  })),
  // Keys built by concatenation (KEY-10): thread "t" in namespace "child:1" and thread "t:child:1" (or "tchild:1")
  // in the root namespace are one key to a saver joining [thread, ns, id] with ":" (or with nothing).
  { ...FRIENDLY_POOLS, threads: ["t", "t:child:1", "tchild:1"], namespaces: NAMESPACE_FAMILIES[0], largeValues: false, longThreads: false },
  // Comparisons that ignore trailing spaces (SQL PAD SPACE) or case, in threads, namespaces, run ids and channels.
  {
    threads: ["t", "t ", "T"],
    namespaces: NAMESPACE_FAMILIES.find((family) => family.some((ns) => ns.endsWith(" ")))!,
    runIds: RUN_ID_FAMILIES.find((family) => family.some((id) => id.endsWith(" ")))!,
    channels: ["a", "a ", "A"],
    largeValues: false,
    longThreads: false,
  },
];

/** One scenario per sequence; the friendly one no more likely than any other. */
export const poolsArb: fc.Arbitrary<Pools> = fc.constantFrom(...POOL_SCENARIOS);

/** Task ids: the spec pool's, plus one with a trailing space (SQL PAD SPACE compares "task-a " equal to "task-a"). */
export const MODEL_TASK_IDS = [...TASK_IDS, "task-a "] as const;
/** `undefined` omits the 4th argument of putWrites. */
export const TASK_PATHS = [undefined, "", "~a", "~B", "~a:1", "~\u{1F600}", "~\uFFFF"] as const;
/** Regular write channels; "a.b" and "$x" are field paths to a document store (a saver must not escape them); "ch " is "ch" to SQL PAD SPACE. */
export const REGULAR_WRITE_CHANNELS = ["ch", "messages", "x:y", TASKS, "a.b", "$x", "ch "] as const;
export const SPECIAL_WRITE_CHANNELS = [ERROR, INTERRUPT, SCHEDULED, RESUME] as const;
/** Checkpoint ids come from a small pool so that ids repeat across threads and namespaces. */
export const ID_SEEDS = 6;

/** A uuid-shaped checkpoint id; a higher seed sorts higher, as uuid6 ids do over time. */
export function checkpointIdOf(seed: number): string {
  return `1f000000-0000-6000-8000-${String(seed).padStart(12, "0")}`;
}

export function timestampOf(seed: number): string {
  return secondOf(seed).toISOString();
}

function secondOf(seed: number): Date {
  return new Date(Date.UTC(2025, 0, 1) + seed * 1000);
}

/**
 * What Python LangGraph writes into a database it shares with LangGraph.js (VAL-14), derived
 * from a seed so that sequences repeat: a channel version as its PostgresSaver makes it (a
 * string: the padded step and a fraction), a timestamp with microseconds and `+00:00` in the
 * same second as `timestampOf(seed)`, and a step past 32-bit integers.
 */
export const python = {
  version: (step: number): string => pythonVersion(step, ((step * 0.6180339887498949) % 0.98) + 0.01),
  timestamp: (seed: number): string => pythonTimestamp(secondOf(seed), (seed * 104_729) % 1_000_000),
  step: (seed: number): number => LARGE_STEPS[seed % LARGE_STEPS.length],
};

/**
 * Strings that look like another type, to a client that decodes JSON a second time (`"42"`, `"true"`, `"null"`,
 * `"[]"`), or hold a quote (`it's`): what a drawn one-character string of these characters becomes. Mapped, not
 * drawn, so a seed's sequences keep their draws (IM-putWrites-client-decoding, IM-list-filter-bound).
 */
const LOOK_ALIKE_TEXTS: Readonly<Record<string, string>> = { Z: "42", b: "true", "/": "null", "*": "[]", "|": "it's" };
const text = fc
  .string({ maxLength: 6, unit: fc.constantFrom("a", "b", "Z", "é", "😀", ":", "|", " ", '"', "\\", "/", "%", "_", "*") })
  .map((drawn) => (Object.hasOwn(LOOK_ALIKE_TEXTS, drawn) ? LOOK_ALIKE_TEXTS[drawn]! : drawn));
const scalar = fc.oneof(text, fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null), fc.constantFrom(0.5, -2.25, 1e-7));

/** Rare large values: deep nesting and a long array (storage limits that truncate). */
const largeValue = fc.constantFrom<unknown>(
  Array.from({ length: 40 }).reduce<unknown>((inner) => [inner], "deep"),
  Array.from({ length: 10_001 }, (_, i) => i),
  "x".repeat(1_048_577),
);

/** Values JsonPlusSerializer revives (a saver serializing with plain JSON loses them). */
const revivedValue = fc.oneof(
  fc.array(text, { maxLength: 2 }).map((items) => new Set(items)),
  fc.array(fc.tuple(text, fc.integer()), { maxLength: 2 }).map((entries) => new Map(entries)),
);

/** Typed values the serializer carries in metadata too (VAL-08): a JSON column written with JSON.stringify loses them. */
const typedValue = fc.oneof(revivedValue, fc.uint8Array({ maxLength: 3 }));

/** Falsy and empty values, fresh each time (a value is never shared between two stored places). */
const falsyValue: fc.Arbitrary<unknown> = fc.constantFrom(...FALSY_VALUES).map((v) => structuredClone(v));

/** JSON values that survive every JSON-based storage (no -0, no undefined, no NUL, no bytes). */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    falsyValue,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("k", "x:y", "n|m", "_", ...SPECIAL_KEYS), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** Channel and write values: mostly JSON, rarely a revived value or (in sequences that allow them) a large one. */
export function channelValueOf(pools: Pools): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 100, arbitrary: jsonValue },
    { weight: pools.largeValues ? 3 : 0, arbitrary: largeValue },
    { weight: 2, arbitrary: revivedValue },
  );
}

/** Write values: channel values, and rarely `undefined` (the serializer keeps it; JSON.stringify gives no text for it). */
export function writeValueOf(pools: Pools): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 20, arbitrary: channelValueOf(pools) }, { weight: 1, arbitrary: fc.constant(undefined) });
}

/**
 * Scalar values a metadata filter can use (LS-16: nested filter values are unspecified), falsy ones
 * included. `a.b` is one top-level key, not a path (FLT-05).
 */
export function filterScalars(pools: Pools): Record<string, fc.Arbitrary<unknown>> {
  return {
    source: fc.constantFrom("input", "loop", "update", "fork"),
    step: fc.integer({ min: -1, max: 12 }),
    run_id: fc.constantFrom(...pools.runIds),
    score: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0.5, 2.5, "1", ""), fc.boolean()),
    "user:id": fc.oneof(fc.constantFrom("u1", "u|2", "1", "U1"), fc.integer({ min: 0, max: 2 })),
    "a|b": fc.oneof(fc.boolean(), fc.constant(null)),
    "a.b": scalar,
  };
}
export const FILTER_KEYS = Object.keys(filterScalars(FRIENDLY_POOLS));

/**
 * Metadata with random keys (some only on some checkpoints), in random order, plus a nested
 * value, a typed one (Map, Set, bytes) and a prototype name (stored and read back, not filtered on).
 */
export function metadataArb(pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        ...filterScalars(pools),
        parents: fc.constant({}),
        nested: jsonValue,
        typed: typedValue,
        constructor: scalar,
      },
      { requiredKeys: [] },
    )
    .chain((m) =>
      fc.shuffledSubarray(Object.entries(m), { minLength: Object.keys(m).length }).map((entries) => Object.fromEntries(entries)),
    );
}

/** An index into a pool, the first entries more likely: operations must meet to find bugs. */
function biasedIndex(weights: readonly number[]): fc.Arbitrary<number> {
  return fc.oneof(...weights.map((weight, i) => ({ weight, arbitrary: fc.constant(i) })));
}

export const threadOf = (pools: Pools): fc.Arbitrary<string> => biasedIndex([6, 2, 1]).map((i) => pools.threads[i]);
export const nsOf = (pools: Pools): fc.Arbitrary<string> => biasedIndex([6, 2, 1, 1]).map((i) => pools.namespaces[i]);
export const taskIdArb: fc.Arbitrary<string> = biasedIndex([4, 3, 1, 1, 1, 1, 1, 1, 1, 1]).map((i) => MODEL_TASK_IDS[i]);
export const idSeed = fc.integer({ min: 1, max: ID_SEEDS });
