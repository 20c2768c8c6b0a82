import fc from "fast-check";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { errorText } from "../../../util/describe-value.js";
import { withTimeout } from "../../../util/timeout.js";
import type { ThrownError } from "../../../runtime/thrown-error.js";
import { minimise } from "../../checkpointer/model/delta-debug.js";
import type { KnownDeviation } from "../../../registration.js";
import type { CatalogId } from "../../checkpointer/checks/types.js";
import { OPTIONAL_LABEL_CHARS, PROBED_LABEL_CHARS, sequenceArb, type UsableInputs } from "./arbitraries.js";
import { renderCall, type StoreCall } from "./calls.js";
import { executeCall, INVALID_CLAUSE, SequenceStopped, StoreModelDisagreement } from "./execute.js";
import { StoreReferenceModel } from "./reference-model.js";
import { STORE_MODEL_BEHAVIOURS, declaredStoreBehaviours, type StoreModelBehaviour } from "./behaviours.js";

/** A fresh, empty store and how to release it (the engine's lifecycle provides it). */
export type StoreFactory = () => Promise<{ store: BaseStore; release(): Promise<void> }>;

/** @public */
export interface StoreModelOptions {
  /** How many sequences to run. Default 20: a count, not a time, so a seed always runs the same sequences. */
  sequences?: number;
  /** fast-check seed. Default 42; `"random"` draws one (the result has it, to replay). */
  seed?: number | "random";
  /** Most calls in one sequence. Default 25. */
  maxCalls?: number;
  /** Per store call (and per factory step), in ms. Default 10000. */
  timeoutMs?: number;
  /** Behaviours the store is declared to have (reported, not failed). */
  ignore?: readonly StoreModelBehaviour[];
  /** The registration's known deviations: one naming a behaviour's spec test declares it. */
  knownDeviations?: readonly KnownDeviation[];
}

export const STORE_MODEL_DEFAULTS = { sequences: 20, seed: 42, maxCalls: 25, timeoutMs: 10_000 } as const;

/** @public */
export interface StoreModelFailure {
  /** The call whose answer differed (`search()`, `batch()`, …). */
  operation: string;
  /** The clause of the comparison that failed. */
  id: CatalogId;
  /** `id`, then the clauses of every call in the reproduction. */
  ids: CatalogId[];
  /** Expected vs actual: one answer line, then at most 8 differences. */
  lines: string[];
  /** The minimal sequence as TypeScript calls on a fresh store. */
  reproduction: string;
  /** Calls in the minimal sequence, and in the sequence fast-check shrank to (before replaying without calls). */
  calls: number;
  originalCalls: number;
  shrinks: number;
  /** Calls removed after fast-check's shrinking, by replaying without them on fresh stores. */
  removedByReplay: number;
  error?: ThrownError;
}

/** @public */
export interface StoreModelResult {
  status: "passed" | "failed" | "error";
  sequences: number;
  requestedSequences: number;
  seed: number;
  /** The seed was drawn at random (`seed: "random"`). */
  seedDrawn: boolean;
  maxCalls: number;
  /** Optional label characters (ST-16, a profile item) the store accepted, which the sequences then used. */
  labelCharacters: string[];
  declared: { behaviour: StoreModelBehaviour; tests: readonly string[]; reason: string; occurrences: number; example?: string }[];
  failure?: StoreModelFailure;
  error?: string;
  durationMs: number;
}

/** Most replays spent removing calls after fast-check's shrinking. */
const MAX_REPLAYS = 64;

/**
 * Runs random sequences of store calls on fresh stores and on the reference
 * model of the pass/fail contract; the first disagreement is shrunk (by
 * fast-check, then by replaying without calls) to a minimal reproduction.
 */
export async function runStoreModel(createStore: StoreFactory, options: StoreModelOptions = {}): Promise<StoreModelResult> {
  const started = performance.now();
  const requestedSequences = options.sequences ?? STORE_MODEL_DEFAULTS.sequences;
  const seedDrawn = options.seed === "random";
  const seed = options.seed === "random" ? (Math.random() * 0x7fffffff) | 0 : (options.seed ?? STORE_MODEL_DEFAULTS.seed);
  const maxCalls = options.maxCalls ?? STORE_MODEL_DEFAULTS.maxCalls;
  const timeoutMs = options.timeoutMs ?? STORE_MODEL_DEFAULTS.timeoutMs;
  const declared = declaredStoreBehaviours(options.ignore ?? [], options.knownDeviations ?? []);
  const observed = new Map<StoreModelBehaviour, { occurrences: number; example: string }>();
  const base = { requestedSequences, seed, seedDrawn, maxCalls, labelCharacters: [] as string[] };
  const finish = (rest: Pick<StoreModelResult, "status" | "sequences"> & Partial<StoreModelResult>): StoreModelResult => ({
    ...base,
    declared: [...declared].map(([behaviour, reason]) => ({
      behaviour,
      tests: STORE_MODEL_BEHAVIOURS[behaviour].tests,
      reason,
      occurrences: observed.get(behaviour)?.occurrences ?? 0,
      ...(observed.has(behaviour) ? { example: observed.get(behaviour)!.example } : {}),
    })),
    ...rest,
    durationMs: Math.round(performance.now() - started),
  });

  const runner = new SequenceRunner(createStore, declared, timeoutMs);
  const count = (behaviour: StoreModelBehaviour, example: string) => {
    const seen = observed.get(behaviour);
    observed.set(behaviour, { occurrences: (seen?.occurrences ?? 0) + 1, example: seen?.example ?? example });
  };
  let inputs: UsableInputs;
  try {
    inputs = await runner.usableInputs(count);
  } catch (error) {
    return finish({ status: "error", sequences: 0, error: `the factory failed to produce a store: ${errorText(error)}` });
  }
  base.labelCharacters = OPTIONAL_LABEL_CHARS.filter((ch) => inputs.labelCharacters.has(ch));

  let lastFailure: { calls: StoreCall[]; error: StoreModelDisagreement } | undefined;
  let outsideComparison: unknown;
  const property = fc.asyncProperty(sequenceArb(inputs, maxCalls), async (calls) => {
    const outcome = await runner.run(calls, count);
    if (outcome === undefined) return;
    if (!(outcome.error instanceof StoreModelDisagreement)) {
      outsideComparison = outcome.error;
      throw outcome.error;
    }
    // fast-check shrinks to the smallest sequence that still fails; the last failure seen is that one.
    lastFailure = { calls: calls.slice(0, outcome.at + 1), error: outcome.error };
    throw outcome.error;
  });
  const details = await fc.check(property, { numRuns: requestedSequences, seed });
  if (!details.failed) return finish({ status: "passed", sequences: details.numRuns });
  if (lastFailure === undefined || outsideComparison === details.errorInstance) {
    return finish({
      status: "error",
      sequences: details.numRuns,
      error: `a sequence failed outside the comparison: ${errorText(outsideComparison ?? details.errorInstance)}`,
    });
  }
  const first = lastFailure;
  const originalCalls = first.calls.length;
  const { items: minimal } = await minimise(
    first.calls,
    async (candidate) => {
      const outcome = await runner.run(candidate);
      return outcome?.error instanceof StoreModelDisagreement && outcome.error.id === first.error.id;
    },
    MAX_REPLAYS,
  );
  const final = await runner.run(minimal);
  const error = final?.error instanceof StoreModelDisagreement ? final.error : first.error;
  const calls = final?.error instanceof StoreModelDisagreement ? minimal.slice(0, final.at + 1) : first.calls;
  return finish({
    status: "failed",
    sequences: details.numRuns,
    failure: {
      operation: error.operation,
      id: error.id,
      ids: [error.id, ...new Set(calls.flatMap(callClauses))].filter((id, i, all) => all.indexOf(id) === i),
      lines: [...error.lines],
      reproduction: renderReproduction(calls, error),
      calls: calls.length,
      originalCalls,
      shrinks: details.numShrinks,
      removedByReplay: originalCalls - calls.length,
      ...(error.thrown ? { error: error.thrown } : {}),
    },
  });
}

/** Runs call lists on fresh stores from the factory, with a fresh model each. */
class SequenceRunner {
  constructor(
    private readonly createStore: StoreFactory,
    private readonly declared: ReadonlyMap<StoreModelBehaviour, string>,
    private readonly timeoutMs: number,
  ) {}

  /**
   * The run's first fresh store: which optional label characters (ST-16) it
   * accepts, and, for input behaviours declared, whether it rejects "_" in a
   * label or a NUL in a value (counted when it does; the sequences then leave
   * such inputs out). Undeclared, they are the contract's and always used.
   */
  async usableInputs(observe: (behaviour: StoreModelBehaviour, example: string) => void): Promise<UsableInputs> {
    return this.withStore(async (store) => {
      const accepted = new Set<string>(this.declared.has("rejects-like-wildcard-labels") ? [] : ["_"]);
      const rejection = (work: () => Promise<unknown>) =>
        withTimeout(Promise.resolve().then(work), this.timeoutMs, () => "in put()").then(
          () => undefined,
          (error: unknown) => errorText(error),
        );
      for (const ch of PROBED_LABEL_CHARS) {
        if (accepted.has(ch)) continue;
        const rejected = await rejection(() => store.put([`probe${ch}label`], "k", { n: 1 }));
        if (rejected === undefined) accepted.add(ch);
        else if (ch === "_") observe("rejects-like-wildcard-labels", `put(["probe_label"], ...) rejected: ${rejected}`);
      }
      let nulInValues = true;
      if (this.declared.has("rejects-nul-in-values")) {
        const rejected = await rejection(() => store.put(["probe"], "nul", { s: "a\u0000b" }));
        if (rejected !== undefined) observe("rejects-nul-in-values", `put(["probe"], "nul", {s: "a\\u0000b"}) rejected: ${rejected}`);
        nulInValues = rejected === undefined;
      }
      return { labelCharacters: accepted, nulInValues };
    });
  }

  /** The first call that disagreed (its index and error), or undefined when the whole sequence agreed. */
  async run(
    calls: readonly StoreCall[],
    observe: (behaviour: StoreModelBehaviour, example: string) => void = () => undefined,
  ): Promise<{ at: number; error: unknown } | undefined> {
    return this.withStore(async (store) => {
      const model = new StoreReferenceModel(this.declared.has("batch-dedupes-by-joined-key"));
      const env = { timeoutMs: this.timeoutMs, declared: new Set(this.declared.keys()), observe };
      for (const [at, call] of calls.entries()) {
        try {
          await executeCall(call, store, model, env);
        } catch (error) {
          if (error instanceof SequenceStopped) return undefined;
          return { at, error };
        }
      }
      return undefined;
    });
  }

  private async withStore<T>(work: (store: BaseStore) => Promise<T>): Promise<T> {
    const lease = await withTimeout(this.createStore(), this.timeoutMs, () => "in the store factory");
    try {
      return await work(lease.store);
    } finally {
      await withTimeout(lease.release(), this.timeoutMs, () => "in the store factory's release").catch(() => undefined);
    }
  }
}

/** The catalog clauses a call exercises. */
function callClauses(call: StoreCall): CatalogId[] {
  switch (call.call) {
    case "put":
      return ["ST-01", "ST-03"];
    case "delete":
      return ["ST-18"];
    case "get":
      return ["ST-01", "ST-02"];
    case "search":
      return [
        "ST-20",
        ...(call.filter ? (["ST-23"] as const) : []),
        ...(call.limit !== undefined || call.offset !== undefined ? (["ST-29"] as const) : []),
      ];
    case "searchPages":
      return ["ST-20", "ST-29"];
    case "list":
    case "listPages":
      return [
        "ST-33",
        ...(call.prefix ? (["ST-34"] as const) : []),
        ...(call.suffix ? (["ST-35"] as const) : []),
        ...(call.maxDepth !== undefined ? (["ST-38"] as const) : []),
      ];
    case "batch":
      return ["ST-42", "ST-43"];
    case "fill":
      return ["ST-29"];
    case "wide":
      return ["ST-33"];
    case "concurrentPuts":
      return ["ST-47"];
    case "invalidPut":
      return [INVALID_CLAUSE[call.rule]];
    case "invalidBatch":
      return ["ST-45", INVALID_CLAUSE[call.rule]];
  }
}

function renderReproduction(calls: readonly StoreCall[], error: StoreModelDisagreement): string {
  return [
    "// minimal sequence on which the store disagrees with the reference model",
    "const store = /* a fresh, empty store */;",
    ...calls.map(renderCall),
    `// ^ ${error.operation} [${error.id}]`,
    ...error.lines.map((line) => `//   ${line}`),
  ].join("\n");
}
