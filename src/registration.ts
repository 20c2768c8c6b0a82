import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { CAPABILITY_IDS, isCapability, type Capability } from "./capabilities.js";
import { describeValue } from "./engine/describe-value.js";
import { ConformanceUsageError } from "./engine/errors.js";
import { checkTimeoutMs } from "./engine/timeout.js";
import type { CatalogId } from "./spec/types.js";
import { isSaverProfile, profileOptionError, type SaverProfile } from "./profile/profile.js";

export { ConformanceUsageError };

type MaybePromise<T> = T | Promise<T>;

/**
 * Makes a fresh saver. The documented form is an async generator: code after
 * `yield` is cleanup and always runs. A sync generator, or a plain (async)
 * function returning a saver, is accepted too.
 * @public
 */
export type SaverFactory =
  | (() => AsyncGenerator<BaseCheckpointSaver, void, unknown>)
  | (() => Generator<BaseCheckpointSaver, void, unknown>)
  | (() => MaybePromise<BaseCheckpointSaver>);

/**
 * Runs once around the whole validation run: setup before `yield`, teardown after.
 * @public
 */
export type Lifespan =
  | (() => AsyncGenerator<unknown, void, unknown>)
  | (() => Generator<unknown, void, unknown>);

/**
 * A behaviour the saver is known not to have, on purpose or as a documented
 * bug. Matching tests still run; a failure is reported as this deviation (with
 * its reason) instead of failing the capability, and a pass says it did not occur.
 * @public
 */
export interface KnownDeviation {
  /** Spec test names, e.g. `"test_put_writes_task_path_order"`. */
  tests?: readonly string[];
  /** Catalog ids; every test that checks one of them matches. */
  ids?: readonly CatalogId[];
  /** Why, in a sentence a reader of the report understands. */
  reason: string;
}

/** @public */
export interface CheckpointerTestOptions {
  /** Shown in every report. Required. */
  name: string;
  /** Capabilities never run for this saver; reported as skipped. */
  skipCapabilities?: readonly Capability[];
  /** One-time setup and teardown around the run (create a database, start a server). */
  lifespan?: Lifespan;
  /** Per saver call and per factory step, in ms (a test may take 20× it). Overrides the default (5000); `validate()`'s option overrides this. */
  timeoutMs?: number;
  /** For the lifespan's setup and teardown, in ms. Default 120000. */
  lifespanTimeoutMs?: number;
  /** Declared deviations: reported, not failed. */
  knownDeviations?: readonly KnownDeviation[];
  /**
   * `"latest-only"` for a saver that keeps only the latest checkpoint per thread
   * and namespace: tests that need older checkpoints are reported as not
   * applicable, every other guarantee is still checked. Default `"full"`.
   */
  profile?: SaverProfile;
}

/** A live subject from the factory, and how to clean it up (the factory's code after `yield`). */
export interface RawSubjectLease<S> {
  subject: S;
  release(): Promise<void>;
}

/** A running lifespan, and how to end it. */
export interface LifespanLease {
  end(): Promise<void>;
}

/**
 * The raw lifecycle of a registration: the factory and the lifespan, unbounded
 * and untracked. Only src/engine/lease.ts uses it (a test enforces it); it adds
 * the timeouts, the Ctrl-C tracking and the one policy for a cleanup that fails.
 */
export interface RawLifecycle<S> {
  /** Calls the factory once; the lease's `release()` runs the factory's cleanup. */
  create(): Promise<RawSubjectLease<S>>;
  /** Runs the lifespan's setup; the lease's `end()` runs its teardown. */
  enterLifespan(): Promise<LifespanLease>;
}

/**
 * What `checkpointerTest()` returns; give it to `validate()`.
 * @public
 */
export interface RegisteredCheckpointer {
  readonly kind: "registered-checkpointer";
  readonly name: string;
  readonly skipCapabilities: ReadonlySet<Capability>;
  readonly timeoutMs?: number;
  readonly lifespanTimeoutMs?: number;
  readonly knownDeviations: readonly KnownDeviation[];
  /** What the saver promises to keep; `validate()`'s `profile` option overrides it. */
  readonly profile: SaverProfile;
}

/**
 * Registers a saver factory for `validate()`.
 *
 * ```ts
 * const registered = checkpointerTest({ name: "MySaver" }, async function* () {
 *   const saver = new MySaver();
 *   yield saver;
 *   await saver.close();
 * });
 * ```
 * @public
 */
export function checkpointerTest(options: CheckpointerTestOptions, factory: SaverFactory): RegisteredCheckpointer {
  if (options === null || typeof options !== "object") {
    throw new ConformanceUsageError(
      `checkpointerTest: the first argument must be an options object like { name: "MySaver" }, got ${describeValue(options)}`,
    );
  }
  const { name, skipCapabilities = [], lifespan, timeoutMs, lifespanTimeoutMs, knownDeviations = [], profile = "full" } = options;
  if (typeof name !== "string" || name.trim() === "") {
    throw new ConformanceUsageError(`checkpointerTest: option "name" must be a non-empty string, got ${describeValue(name)}`);
  }
  if (typeof factory !== "function") {
    throw new ConformanceUsageError(
      `checkpointerTest(${name}): the second argument must be a factory (an async generator that yields a fresh saver), got ${describeValue(factory)}`,
    );
  }
  if (!Array.isArray(skipCapabilities)) {
    throw new ConformanceUsageError(`checkpointerTest(${name}): option "skipCapabilities" must be an array of capability ids`);
  }
  for (const cap of skipCapabilities) {
    if (!isCapability(cap)) {
      throw new ConformanceUsageError(
        `checkpointerTest(${name}): option "skipCapabilities" has unknown capability ${describeValue(cap)}; known: ${CAPABILITY_IDS.join(", ")}`,
      );
    }
  }
  if (lifespan !== undefined && typeof lifespan !== "function") {
    throw new ConformanceUsageError(
      `checkpointerTest(${name}): option "lifespan" must be an async generator function (setup; yield; teardown), got ${describeValue(lifespan)}`,
    );
  }
  checkTimeoutMs(timeoutMs, `checkpointerTest(${name}): option "timeoutMs"`);
  checkTimeoutMs(lifespanTimeoutMs, `checkpointerTest(${name}): option "lifespanTimeoutMs"`);

  if (!Array.isArray(knownDeviations) || knownDeviations.some((d) => typeof d?.reason !== "string" || (!d.tests && !d.ids))) {
    throw new ConformanceUsageError(
      `checkpointerTest(${name}): option "knownDeviations" must be an array of { tests?: string[], ids?: string[], reason: string } with tests or ids`,
    );
  }

  if (!isSaverProfile(profile)) {
    throw new ConformanceUsageError(profileOptionError(`checkpointerTest(${name})`, describeValue(profile)));
  }

  const lifecycle: RawLifecycle<BaseCheckpointSaver> = {
    create: () => createLease(name, factory),
    enterLifespan: () => (lifespan ? enterLifespan(lifespan) : Promise.resolve({ end: async () => undefined })),
  };
  return Object.assign(brand(lifecycle), {
    kind: "registered-checkpointer" as const,
    name,
    knownDeviations,
    profile,
    skipCapabilities: new Set(skipCapabilities),
    timeoutMs,
    lifespanTimeoutMs,
  });
}

/**
 * Marks what `checkpointerTest()` returns. A global symbol, so a registration
 * made by any installed copy of this package (the user's project, the CLI's
 * own copy, an npx cache) is recognised; its value is the version of the
 * registration's shape, bumped when the shape changes incompatibly.
 * Shape 1 (older copies) had the raw lifecycle as public `create()` and
 * `enterLifespan()` methods; shape 2 keeps it under `LIFECYCLE`, a global
 * symbol too, so it still crosses copies but is no public API.
 */
const REGISTRATION_BRAND = Symbol.for("langgraph-checkpoint-conformance.registration");
const LIFECYCLE = Symbol.for("langgraph-checkpoint-conformance.lifecycle");
const REGISTRATION_SHAPE = 2;
const SHAPE_WITH_PUBLIC_LIFECYCLE = 1;

function brand(lifecycle: RawLifecycle<unknown>): object {
  return { [REGISTRATION_BRAND]: REGISTRATION_SHAPE, [LIFECYCLE]: lifecycle };
}

/** True for what `checkpointerTest()` of any copy of this package returns. */
export function isRegisteredCheckpointer(value: unknown): value is RegisteredCheckpointer {
  return lifecycleOf(value) !== undefined;
}

/**
 * The raw lifecycle of a registration made by any copy of this package (shape
 * 1 or 2), undefined for anything else. For src/engine/lease.ts only.
 */
export function lifecycleOf<S = BaseCheckpointSaver>(value: unknown): RawLifecycle<S> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<PropertyKey, unknown>;
  if (v[REGISTRATION_BRAND] === REGISTRATION_SHAPE) {
    const lifecycle = v[LIFECYCLE] as Partial<RawLifecycle<S>> | undefined;
    const ok = typeof lifecycle?.create === "function" && typeof lifecycle.enterLifespan === "function";
    return ok ? (lifecycle as RawLifecycle<S>) : undefined;
  }
  if (v[REGISTRATION_BRAND] === SHAPE_WITH_PUBLIC_LIFECYCLE && typeof v.create === "function" && typeof v.enterLifespan === "function") {
    const old = v as unknown as { create(): Promise<{ saver: S; release(): Promise<void> }>; enterLifespan(): Promise<LifespanLease> };
    return {
      create: () => old.create().then((lease) => ({ subject: lease.saver, release: () => lease.release() })),
      enterLifespan: () => old.enterLifespan(),
    };
  }
  return undefined;
}

/** A saver is any object that extends BaseCheckpointSaver or has at least one of its methods. */
export function looksLikeSaver(value: unknown): value is BaseCheckpointSaver {
  if (typeof value !== "object" || value === null) return false;
  let proto: object | null = value;
  while (proto) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === "BaseCheckpointSaver") return true;
    proto = Object.getPrototypeOf(proto);
  }
  const v = value as Record<string, unknown>;
  return ["put", "putWrites", "getTuple", "list", "deleteThread"].some((m) => typeof v[m] === "function");
}

type AnyIterator = Iterator<unknown> | AsyncIterator<unknown>;

function isIterator(value: unknown): value is AnyIterator {
  return typeof value === "object" && value !== null && typeof (value as { next?: unknown }).next === "function";
}

async function createLease(name: string, factory: SaverFactory): Promise<RawSubjectLease<BaseCheckpointSaver>> {
  const produced: unknown = await (factory as () => unknown)();
  if (!isIterator(produced)) {
    assertSaver(name, produced, "returned");
    return { subject: produced, release: async () => undefined };
  }
  const step = await produced.next();
  if (step.done) {
    throw new ConformanceUsageError(`checkpointerTest(${name}): the factory finished without yielding a saver; it must \`yield\` one`);
  }
  try {
    assertSaver(name, step.value, "yielded");
  } catch (error) {
    await produced.return?.(undefined);
    throw error;
  }
  let released = false;
  return {
    subject: step.value,
    async release() {
      if (released) return;
      released = true;
      // Resume the generator past `yield` so its cleanup code runs.
      await produced.next();
    },
  };
}

function assertSaver(name: string, value: unknown, verb: string): asserts value is BaseCheckpointSaver {
  if (!looksLikeSaver(value)) {
    throw new ConformanceUsageError(
      `checkpointerTest(${name}): the factory must yield a BaseCheckpointSaver, but it ${verb} ${describeValue(value)}`,
    );
  }
}

async function enterLifespan(lifespan: Lifespan): Promise<LifespanLease> {
  const produced: unknown = lifespan();
  if (!isIterator(produced)) {
    await produced;
    return { end: async () => undefined };
  }
  await produced.next();
  let ended = false;
  return {
    async end() {
      if (ended) return;
      ended = true;
      await produced.next();
    },
  };
}
