/**
 * The one lifecycle of a registration's subjects (savers, stores, caches) and
 * of its lifespan. Every part of a run that needs a subject (the spec suites,
 * a spec test's extra subject, the graph cases, the model's sequences and
 * replays, the probes, the benchmark) gets it here, and only here: a test
 * (test/engine/lifecycle.test.ts) fails if any other file reaches the
 * registration's raw factory or lifespan.
 *
 * Here a subject is
 * - created within the timeout (one that arrives late is still released);
 * - tracked from then on (src/cleanup), so Ctrl-C or SIGTERM releases it;
 * - released within the timeout, exactly once, also when the code using it threw.
 *
 * **The cleanup policy.** A cleanup (the factory's code after `yield`, the
 * lifespan's teardown) that throws, rejects or times out is never swallowed
 * and never thrown into the code that used the subject. It is handed to the
 * unit that owned the subject (`onCleanupFailure`, which every caller must
 * give), and that unit fails because of it, after its own result:
 * - a capability: a failed `factory_cleanup` lifecycle test;
 * - a spec test's extra subject: the test fails (its own failure first);
 * - a graph case: the case fails (added to its own failure, if it had one);
 * - the model run: an error of the run once fast-check is done (recorded, never
 *   thrown inside the property, so fast-check never shrinks on it);
 * - a probe: its outcome is the cleanup's error, unless the probe already
 *   failed or threw (a probe runs only for a failure that is already counted);
 * - the benchmark: it rejects once the measurement is done;
 * - the lifespan's teardown: a run error (validate) or the suite's teardown hook.
 * A subject delivered after its creation timed out is released, but its
 * cleanup's failure is not reported again: the timeout already was.
 */
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { lifecycleOf, type LifespanLease, type RawLifecycle, type SubjectLease } from "../registration.js";
import { errorText } from "../util/describe-value.js";
import { holdOpen } from "./open-leases.js";
import { releasingLate, withTimeout, withTimeoutReleasing } from "../util/timeout.js";
import { withSlowCallGrace, type LoadWatch, type SlowCall } from "./slow-call.js";
import { noteLineage } from "./subject-lineage.js";

/** A live subject from the registration's factory; here `release()` runs the factory's cleanup within the timeout (rejecting when it fails). */
export type { SubjectLease };

/** The factory threw, rejected, yielded no subject or timed out: `cause` is what it threw. */
export class SubjectCreationError extends Error {
  override readonly name = "SubjectCreationError";
  constructor(override readonly cause: unknown) {
    super(errorText(cause));
  }
}

/** How long each step of the lifecycle may take, and what a timeout names. */
export interface SubjectLimits {
  timeoutMs: number;
  /** Where a creation timeout happened, e.g. "in the factory (creating an extra saver)". */
  creating?: string;
  /**
   * The load the factory and the cleanup are judged under, by the grace rule (src/runtime/slow-call.ts): the
   * run's, where other work of it may be in flight (one that got the grace and settled is told to `onSlowCall`),
   * or `ALONE`. Required, so that every place a subject is made says which.
   */
  load: SubjectLoad;
}

/** The load a subject's factory and cleanup are judged under. */
export interface SubjectLoad extends LoadWatch {
  onSlowCall?(call: SlowCall): void;
  /** Counts a step (the factory, the cleanup) as work in flight of the run while it is pending: for a subject made outside any counted work (a capability's own). */
  counted?<T>(step: () => Promise<T>): Promise<T>;
}

/** Nothing else of the run is in flight where the subject is made (a section run after the capabilities, the benchmark): the plain timeout. */
export const ALONE: SubjectLoad = { othersInFlight: () => false };

/** What the unit owning the subject does with a failed cleanup (see the policy above). Required: a cleanup failure is never dropped. */
export interface CleanupPolicy {
  onCleanupFailure(error: unknown): void;
}

const CREATING = "in the factory (creating a saver)";
const CLEANING = "in the factory's cleanup (the code after yield)";

function rawLifecycle<S>(registered: object): RawLifecycle<S> {
  const lifecycle = lifecycleOf<S>(registered);
  if (!lifecycle) throw new TypeError("not a registration: its lifecycle is missing");
  return lifecycle;
}

/**
 * A fresh subject, for a caller whose use of it spans code it does not own (a
 * spec test's extra subject). The caller must `release()` it and hand a
 * rejection to the owning unit, as `withSubject` does. Rejects with what the
 * factory threw (or the `TimeoutError`).
 */
export async function openSubject<S = BaseCheckpointSaver>(registered: object, limits: SubjectLimits): Promise<SubjectLease<S>> {
  const { timeoutMs, load } = limits;
  const held = rawLifecycle<S>(registered)
    .create()
    .then((lease) => ({ subject: lease.subject, release: holdOpen(() => lease.release()) }));
  const lease = await releasingLate(
    held,
    lifecycleStep(() => held, timeoutMs, limits.creating ?? CREATING, load),
    (late) => late.release(),
  );
  noteLineage(registered, lease.subject);
  return {
    subject: lease.subject,
    release: () => lifecycleStep(() => lease.release(), timeoutMs, CLEANING, load),
  };
}

/** A lifecycle step (`where` it is) under the grace rule, counted as work in flight when `load` counts steps. */
function lifecycleStep<T>(work: () => Promise<T>, timeoutMs: number, where: string, load: SubjectLoad): Promise<T> {
  const timed = () =>
    withSlowCallGrace(
      work(),
      timeoutMs,
      () => where,
      load,
      (slow) => load.onSlowCall?.(slow),
    );
  return load.counted ? load.counted(timed) : timed();
}

/**
 * Creates a subject, hands it to `body` and releases it, whatever `body` did.
 * Resolves to `body`'s value; rejects with `body`'s error, or with
 * `SubjectCreationError` when no subject could be made (then `body` never ran).
 * A failed cleanup goes to `policy.onCleanupFailure`, never into the result.
 */
export async function withSubject<T, S = BaseCheckpointSaver>(
  registered: object,
  limits: SubjectLimits,
  body: (subject: S) => Promise<T>,
  policy: CleanupPolicy,
): Promise<T> {
  const lease = await openSubject<S>(registered, limits).catch((error: unknown) => {
    throw new SubjectCreationError(error);
  });
  try {
    return await body(lease.subject);
  } finally {
    await lease.release().catch((error: unknown) => policy.onCleanupFailure(error));
  }
}

/** Starts the registration's lifespan within `timeoutMs` (a late one is still ended), tracked so Ctrl-C ends it; `end()` runs the teardown within the timeout and rejects when it fails. */
export async function enterLifespan(registered: object, timeoutMs: number): Promise<LifespanLease> {
  const held = rawLifecycle(registered)
    .enterLifespan()
    .then((lease): LifespanLease => ({ end: holdOpen(() => lease.end()) }));
  const lease = await withTimeoutReleasing(
    held,
    timeoutMs,
    () => "in the lifespan's setup",
    (late) => late.end(),
  );
  return { end: () => withTimeout(lease.end(), timeoutMs, () => "in the lifespan's teardown") };
}

/** Runs `body` inside the lifespan; a teardown that fails goes to `policy.onCleanupFailure`. A setup that fails rejects as it failed. */
export async function withLifespan<T>(registered: object, timeoutMs: number, body: () => Promise<T>, policy: CleanupPolicy): Promise<T> {
  const lifespan = await enterLifespan(registered, timeoutMs);
  try {
    return await body();
  } finally {
    await lifespan.end().catch((error: unknown) => policy.onCleanupFailure(error));
  }
}
