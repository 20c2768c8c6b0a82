import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { Capability } from "./kinds/checkpointer/capabilities.js";
import { capabilityIdsOf, DEFAULT_SUBJECT_KIND, KIND_DESCRIPTORS, type CapabilityId, type SubjectKindId } from "./kinds/descriptors.js";
import type { KindDescriptor } from "./kinds/types.js";
import { describeValue } from "./util/describe-value.js";
import { ConformanceUsageError } from "./util/errors.js";
import { checkTimeoutMs } from "./util/timeout.js";
import type { CatalogId } from "./kinds/checkpointer/checks/types.js";
import { isSaverProfile, profileOptionError, type SaverProfile } from "./kinds/checkpointer/profile.js";

export { ConformanceUsageError };

type MaybePromise<T> = T | Promise<T>;

/**
 * Makes a fresh saver. The documented form is an async generator: code after
 * `yield` is cleanup and always runs. A sync generator, or a plain (async)
 * function returning a saver, is accepted too.
 * @public
 */
export type SaverFactory = SubjectFactory<BaseCheckpointSaver>;

/**
 * Makes a fresh subject (a saver, a store, a cache): an async generator whose
 * code after `yield` is cleanup, a sync generator, or a plain (async) function.
 * @public
 */
export type SubjectFactory<S> = (() => AsyncGenerator<S, void, unknown>) | (() => Generator<S, void, unknown>) | (() => MaybePromise<S>);

/**
 * Runs once around the whole validation run: setup before `yield`, teardown after.
 * @public
 */
export type Lifespan = (() => AsyncGenerator<unknown, void, unknown>) | (() => Generator<unknown, void, unknown>);

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

/** What every kind's registration takes (`checkpointerTest`, `storeTest`, `cacheTest`). @public */
export interface SubjectTestOptions<Cap extends string> {
  /** Shown in every report. Required. */
  name: string;
  /** Capabilities never run for this subject; reported as skipped. */
  skipCapabilities?: readonly Cap[];
  /** One-time setup and teardown around the run (create a database, start a server). */
  lifespan?: Lifespan;
  /** Per call and per factory step, in ms (a test may take 20× it). Overrides the default (5000); `validate()`'s option overrides this. */
  timeoutMs?: number;
  /** For the lifespan's setup and teardown, in ms. Default 120000. */
  lifespanTimeoutMs?: number;
  /** Declared deviations: reported, not failed. */
  knownDeviations?: readonly KnownDeviation[];
  /** Spec test names or catalog ids never run for this subject (one that hangs or aborts it); reported as skipped. `validate()`'s `skipTests` adds to them. */
  skipTests?: readonly string[];
}

/** @public */
export interface CheckpointerTestOptions extends SubjectTestOptions<Capability> {
  /**
   * `"latest-only"` for a saver that keeps only the latest checkpoint per thread
   * and namespace: tests that need older checkpoints are reported as not
   * applicable, every other guarantee is still checked. Default `"full"`.
   */
  profile?: SaverProfile;
}

/**
 * A live subject (a saver, a store, a cache) and how to release it: a registration's factory (its code after
 * `yield` is the release), the lifecycle's bounded form of it (src/runtime/lease.ts), or a built-in backend's
 * `create()`. `release()` is called once.
 * @public
 */
export interface SubjectLease<S> {
  readonly subject: S;
  release(): Promise<void>;
}

/** A running lifespan, and how to end it. */
export interface LifespanLease {
  end(): Promise<void>;
}

/**
 * The raw lifecycle of a registration: the factory and the lifespan, unbounded
 * and untracked. Only src/runtime/lease.ts uses it (a test enforces it); it adds
 * the timeouts, the Ctrl-C tracking and the one policy for a cleanup that fails.
 */
export interface RawLifecycle<S> {
  /** Calls the factory once; the lease's `release()` runs the factory's cleanup. */
  create(): Promise<SubjectLease<S>>;
  /** Runs the lifespan's setup; the lease's `end()` runs its teardown. */
  enterLifespan(): Promise<LifespanLease>;
}

/**
 * What a kind's registration function returns; give it to `validate()`.
 * @public
 */
export interface RegisteredSubject<K extends SubjectKindId, Cap extends string, Opts> {
  readonly kind: `registered-${K}`;
  /** The kind of subject: which capability table, detection and spec suites apply (src/kinds/). */
  readonly subjectKind: K;
  readonly name: string;
  readonly skipCapabilities: ReadonlySet<Cap>;
  readonly timeoutMs?: number;
  readonly lifespanTimeoutMs?: number;
  readonly knownDeviations: readonly KnownDeviation[];
  /** Spec test names or catalog ids left out of every run (absent in a registration of an older copy). */
  readonly skipTests?: readonly string[];
  /** What the subject promises to keep (`"full"` but for a latest-only saver); `validate()`'s `profile` option overrides it. */
  readonly profile: SaverProfile;
  /** What the registration declared of its kind's own options (a store's `ttl` and `index`). */
  readonly options: Opts;
}

/**
 * What `checkpointerTest()` returns; give it to `validate()`.
 * @public
 */
export interface RegisteredCheckpointer
  extends RegisteredSubject<typeof KIND_DESCRIPTORS.checkpointer.id, Capability, Record<string, never>> {}

/** A registration of any kind. @public */
export type AnyRegistration = RegisteredSubject<SubjectKindId, CapabilityId, unknown>;

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
  const profile = (options as Partial<CheckpointerTestOptions> | null)?.profile ?? "full";
  return registerSubject({ ...KIND_DESCRIPTORS.checkpointer, looksLike: looksLikeSaver }, options, factory, (name) => {
    if (!isSaverProfile(profile)) throw new ConformanceUsageError(profileOptionError(`checkpointerTest(${name})`, describeValue(profile)));
    return { profile, options: {} };
  }) as RegisteredCheckpointer;
}

/** A kind as registration needs it: its descriptor and what its factory must yield. */
export interface RegistrationKind<S> extends KindDescriptor {
  looksLike(value: unknown): value is S;
}

/**
 * The registration of any kind: checks the options every kind shares (a
 * misuse throws `ConformanceUsageError` naming the kind's function), then the
 * kind's own (`kindOptions`, given the name, returns the profile and options).
 */
export function registerSubject<S, Opts>(
  kind: RegistrationKind<S>,
  options: SubjectTestOptions<string>,
  factory: SubjectFactory<S>,
  kindOptions: (name: string) => { profile?: SaverProfile; options: Opts },
): RegisteredSubject<SubjectKindId, CapabilityId, Opts> {
  const fn = kind.registerFunction;
  if (options === null || typeof options !== "object") {
    throw new ConformanceUsageError(
      `${fn}: the first argument must be an options object like { name: "My${kind.title}" }, got ${describeValue(options)}`,
    );
  }
  const { name, skipCapabilities = [], lifespan, timeoutMs, lifespanTimeoutMs, knownDeviations = [], skipTests = [] } = options;
  if (typeof name !== "string" || name.trim() === "") {
    throw new ConformanceUsageError(`${fn}: option "name" must be a non-empty string, got ${describeValue(name)}`);
  }
  if (typeof factory !== "function") {
    throw new ConformanceUsageError(
      `${fn}(${name}): the second argument must be a factory (an async generator that yields a fresh ${kind.noun}), got ${describeValue(factory)}`,
    );
  }
  if (!Array.isArray(skipCapabilities)) {
    throw new ConformanceUsageError(
      `${fn}(${name}): option "skipCapabilities" must be an array of capability ids (known: ${capabilityIdsOf(kind).join(", ")}), got ${describeValue(skipCapabilities)}`,
    );
  }
  const known = capabilityIdsOf(kind);
  for (const cap of skipCapabilities) {
    if (!(known as readonly unknown[]).includes(cap)) {
      throw new ConformanceUsageError(
        `${fn}(${name}): option "skipCapabilities" has unknown capability ${describeValue(cap)}; known: ${known.join(", ")}`,
      );
    }
  }
  // Each name is checked against the kind's spec tests when a run is planned (src/engine/run-plan.ts).
  if (!Array.isArray(skipTests) || skipTests.some((t) => typeof t !== "string")) {
    throw new ConformanceUsageError(
      `${fn}(${name}): option "skipTests" must be an array of spec test names or catalog ids, got ${describeValue(skipTests)}`,
    );
  }
  if (lifespan !== undefined && typeof lifespan !== "function") {
    throw new ConformanceUsageError(
      `${fn}(${name}): option "lifespan" must be an async generator function (setup; yield; teardown), got ${describeValue(lifespan)}`,
    );
  }
  checkTimeoutMs(timeoutMs, `${fn}(${name}): option "timeoutMs"`);
  checkTimeoutMs(lifespanTimeoutMs, `${fn}(${name}): option "lifespanTimeoutMs"`);

  const strings = (list: unknown) => list === undefined || (Array.isArray(list) && list.every((t) => typeof t === "string"));
  const bad = !Array.isArray(knownDeviations)
    ? -1
    : (knownDeviations as unknown[]).findIndex((d) => {
        const { tests, ids, reason } = (d ?? {}) as Partial<Record<keyof KnownDeviation, unknown>>;
        return (
          typeof d !== "object" ||
          typeof reason !== "string" ||
          (tests === undefined && ids === undefined) ||
          !strings(tests) ||
          !strings(ids)
        );
      });
  if (!Array.isArray(knownDeviations) || bad >= 0) {
    const got = Array.isArray(knownDeviations)
      ? `entry ${bad} is ${describeValue(knownDeviations[bad])}`
      : `got ${describeValue(knownDeviations)}`;
    throw new ConformanceUsageError(
      `${fn}(${name}): option "knownDeviations" must be an array of { tests?: string[], ids?: string[], reason: string } with tests or ids; ${got}`,
    );
  }
  const own = kindOptions(name);

  const lifecycle: RawLifecycle<S> = {
    create: () => createLease(kind, name, factory),
    enterLifespan: () => (lifespan ? enterLifespan(lifespan) : Promise.resolve({ end: async () => undefined })),
  };
  return Object.assign(brand(lifecycle), {
    kind: `registered-${kind.id}` as `registered-${SubjectKindId}`,
    subjectKind: kind.id as SubjectKindId,
    name,
    knownDeviations,
    profile: own.profile ?? "full",
    skipCapabilities: new Set(skipCapabilities as CapabilityId[]),
    skipTests: [...skipTests],
    timeoutMs,
    lifespanTimeoutMs,
    options: own.options,
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

/** True for what a registration function (`checkpointerTest()`, `storeTest()`, ...) of any copy of this package returns. */
export function isRegistration(value: unknown): value is AnyRegistration {
  return lifecycleOf(value) !== undefined;
}

/** True for a checkpointer's registration, made by any copy of this package. */
export function isRegisteredCheckpointer(value: unknown): value is RegisteredCheckpointer {
  return isRegistration(value) && subjectKindOf(value) === KIND_DESCRIPTORS.checkpointer.id;
}

/** The kind of a registration (one of an older copy, shape 1, is a checkpointer's). */
export function subjectKindOf(registered: AnyRegistration): SubjectKindId {
  return (registered as Partial<AnyRegistration>).subjectKind ?? DEFAULT_SUBJECT_KIND;
}

/** A registration of any copy as this copy's engine reads it: shape 1 had no `subjectKind` or `options`. */
export function asRegistration(value: unknown): AnyRegistration | undefined {
  if (!isRegistration(value)) return undefined;
  if (value.subjectKind !== undefined && value.options !== undefined) return value;
  return { ...value, kind: "registered-checkpointer", subjectKind: KIND_DESCRIPTORS.checkpointer.id, options: {} };
}

/**
 * The raw lifecycle of a registration made by any copy of this package (shape
 * 1 or 2), undefined for anything else. For src/runtime/lease.ts only.
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

async function createLease<S>(kind: RegistrationKind<S>, name: string, factory: SubjectFactory<S>): Promise<SubjectLease<S>> {
  const produced: unknown = await (factory as () => unknown)();
  if (!isIterator(produced)) {
    assertSubject(kind, name, produced, "returned");
    return { subject: produced, release: async () => undefined };
  }
  const step = await produced.next();
  if (step.done) {
    throw new ConformanceUsageError(
      `${kind.registerFunction}(${name}): the factory finished without yielding a ${kind.noun}; it must \`yield\` one`,
    );
  }
  try {
    assertSubject(kind, name, step.value, "yielded");
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

function assertSubject<S>(kind: RegistrationKind<S>, name: string, value: unknown, verb: string): asserts value is S {
  if (!kind.looksLike(value)) {
    throw new ConformanceUsageError(
      `${kind.registerFunction}(${name}): the factory must yield a ${kind.className}, but it ${verb} ${describeValue(value)}`,
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
