import fc from "fast-check";
import { ERROR, INTERRUPT, RESUME, SCHEDULED, TASKS } from "@langchain/langgraph-checkpoint";

/**
 * The vocabulary of generated sequences. Pools are small on purpose: sequences
 * only find bugs when their operations meet on the same thread, namespace,
 * checkpoint id, task and metadata key.
 */

export const THREADS = ["thread-1", "thread-2", "thread:3|x"] as const;
/** Namespaces as LangGraph writes them (`node:task|child:task`), plus a bare `|`. */
export const NAMESPACES = ["", "child:1", "child:1|grandchild:2", "a|b"] as const;
export const CHANNELS = ["a", "b", "messages"] as const;
/** Code point order differs from locale order (task-B < task-a) and from UTF-16 order (astral vs U+FFFF). */
export const TASK_IDS = ["task-a", "task-B", "task-b", "t:1|2", "task-\u{1F600}", "task-\uFFFF", "task-with-an-id-longer-than-thirty-six-characters"] as const;
/** `undefined` omits the 4th argument of putWrites. */
export const TASK_PATHS = [undefined, "", "~a", "~B", "~a:1", "~\u{1F600}", "~\uFFFF"] as const;
export const REGULAR_WRITE_CHANNELS = ["ch", "messages", "x:y", TASKS] as const;
export const SPECIAL_WRITE_CHANNELS = [ERROR, INTERRUPT, SCHEDULED, RESUME] as const;
export const RUN_IDS = ["run-1", "run-2", "run-3"] as const;
/** Checkpoint ids come from a small pool so that ids repeat across threads and namespaces. */
export const ID_SEEDS = 6;

/** A uuid-shaped checkpoint id; a higher seed sorts higher, as uuid6 ids do over time. */
export function checkpointIdOf(seed: number): string {
  return `1f000000-0000-6000-8000-${String(seed).padStart(12, "0")}`;
}

export function timestampOf(seed: number): string {
  return new Date(Date.UTC(2025, 0, 1) + seed * 1000).toISOString();
}

const text = fc.string({ maxLength: 6, unit: fc.constantFrom("a", "b", "Z", "é", "😀", ":", "|", " ", '"', "\\", "/") });
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

/** JSON values that survive every JSON-based storage (no -0, no undefined, no NUL, no bytes). */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("k", "x:y", "n|m", "_"), tie("value"), { maxKeys: 3 }),
  ),
})).value;

/** Channel and write values: mostly JSON, rarely a large or a revived value. */
export const channelValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 100, arbitrary: jsonValue },
  { weight: 1, arbitrary: largeValue },
  { weight: 2, arbitrary: revivedValue },
);

/** Scalar values a metadata filter can use (LS-16: nested filter values are unspecified). */
export const FILTER_SCALARS: Record<string, fc.Arbitrary<unknown>> = {
  source: fc.constantFrom("input", "loop", "update", "fork"),
  step: fc.integer({ min: -1, max: 4 }),
  run_id: fc.constantFrom(...RUN_IDS),
  score: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0.5, 2.5), fc.boolean()),
  "user:id": fc.oneof(fc.constantFrom("u1", "u|2", "1"), fc.integer({ min: 0, max: 2 })),
  "a|b": fc.oneof(fc.boolean(), fc.constant(null)),
};
export const FILTER_KEYS = Object.keys(FILTER_SCALARS);

/** Metadata with random keys (some only on some checkpoints), in random order, plus a nested value. */
export const metadataArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      ...FILTER_SCALARS,
      parents: fc.constant({}),
      nested: jsonValue,
    },
    { requiredKeys: [] },
  )
  .chain((m) => fc.shuffledSubarray(Object.entries(m), { minLength: Object.keys(m).length }).map((entries) => Object.fromEntries(entries)));

/** An index into `pool`, the first entries more likely: operations must meet to find bugs. */
function biasedIndex(weights: readonly number[]): fc.Arbitrary<number> {
  return fc.oneof(...weights.map((weight, i) => ({ weight, arbitrary: fc.constant(i) })));
}

export const threadIndex = biasedIndex([6, 2, 1]);
export const taskIdIndex = biasedIndex([4, 3, 1, 1, 1, 1, 1]);
export const nsIndex = biasedIndex([6, 2, 1, 1]);
export const idSeed = fc.integer({ min: 1, max: ID_SEEDS });
