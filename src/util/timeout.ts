import { ConformanceUsageError } from "./errors.js";
import { describeValue } from "./describe-value.js";

/** The longest delay Node's timers keep (2^31-1 ms, about 24.8 days); a longer one fires after 1 ms. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * A timeout option: undefined stays undefined; anything but a positive number
 * of ms up to `MAX_TIMEOUT_MS` is a usage error that starts with `what`
 * (e.g. `validate: option "timeoutMs"`).
 */
export function checkTimeoutMs(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !(value > 0) || !Number.isFinite(value)) {
    throw new ConformanceUsageError(`${what} must be a positive number of ms, got ${describeValue(value)}`);
  }
  if (value > MAX_TIMEOUT_MS) {
    throw new ConformanceUsageError(
      `${what} must be at most ${MAX_TIMEOUT_MS} ms (2^31-1, Node's longest timer; about 24.8 days), got ${value}`,
    );
  }
  return value;
}

/** A lifecycle step or a spec test that did not settle in time. @public */
export class TimeoutError extends Error {
  override readonly name = "TimeoutError";
}

/**
 * Races `work` against a timer, cleared as soon as `work` settles; a late
 * rejection of `work` is swallowed so it cannot become an unhandled rejection.
 * The timer is deliberately not `unref()`ed: when a saver hangs on a promise
 * that holds no handle, the timer is the only thing keeping the event loop
 * alive until the timeout is reported (unref'd, Node would exit mid-run with
 * exit code 13 and no report).
 */
export async function withTimeout<T>(work: Promise<T>, ms: number, describe: () => string): Promise<T> {
  if (!Number.isFinite(ms) || ms <= 0) return work;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`timed out after ${ms} ms ${describe()}`)), ms);
  });
  work.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `withTimeout` for work that produces a resource (a saver lease, a running
 * lifespan): if the value arrives after the timeout, it is handed to `release`
 * so the resource is still cleaned up (`releasingLate`).
 */
export function withTimeoutReleasing<T>(
  work: Promise<T>,
  ms: number,
  describe: () => string,
  release: (late: T) => Promise<unknown>,
): Promise<T> {
  return releasingLate(work, withTimeout(work, ms, describe), release);
}

/**
 * `timed` (`work` under some timeout): when it rejects with a `TimeoutError`,
 * `work`'s value, if it ever arrives, is handed to `release`. Errors of that
 * late release are ignored: the timeout has already been reported.
 */
export async function releasingLate<T>(work: Promise<T>, timed: Promise<T>, release: (late: T) => Promise<unknown>): Promise<T> {
  try {
    return await timed;
  } catch (error) {
    if (error instanceof TimeoutError) work.then(release).catch(() => undefined);
    throw error;
  }
}
