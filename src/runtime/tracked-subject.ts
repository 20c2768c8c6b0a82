import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { withShapeChecks } from "../kinds/checkpointer/checks/shape.js";
import { loopHeldMs, responsiveNow } from "../util/responsive-clock.js";

/**
 * Wraps a saver so the runner knows which of its methods are in flight: a test
 * that hangs is reported as "timed out … in getTuple()". Methods run with the
 * real saver as `this` (private fields keep working); `list()` counts as in
 * flight while its iteration is pending. The results of `put`, `getTuple` and
 * `list` are shape-checked (src/kinds/checkpointer/checks/shape.ts), so garbage from the saver is
 * reported as what is wrong with it, not as a TypeError inside a spec test.
 */
export interface TrackedSubject<S = BaseCheckpointSaver> {
  /** The wrapped subject (a saver, a store, a cache). */
  saver: S;
  /** Methods called and not yet settled, e.g. `["getTuple()"]`. */
  inFlight(): string[];
  /** How far the saver got (see `CallProgress`). */
  progress(): CallProgress;
  /** Counts other work of the test (creating an extra saver) as a call in flight, named `name`, until it settles. */
  track<T>(name: string, work: Promise<T>): Promise<T>;
  /** Which method threw or rejected with this error, if the saver did. */
  thrownBy(error: unknown): string | undefined;
  /** The first error the saver threw or rejected with, and the method, if any. */
  firstThrow(): { method: string; error: unknown } | undefined;
  /** The settled call that was pending longest (wall time, ms), if any settled. */
  longestCall(): { name: string; ms: number } | undefined;
}

/**
 * How far the saver got, for the timeout's rules (src/runtime/call-timeout.ts). All durations in ms, on
 * the responsive clock (src/util/responsive-clock.ts): time the event loop was blocked does not count.
 */
export interface CallProgress {
  /** Calls settled so far, and their total time. */
  settled: number;
  settledMs: number;
  /** How long the oldest call still in flight has been pending; undefined when none is. */
  oldestPendingMs: number | undefined;
  /** Time since a call last started or settled (since tracking began, before the first call). */
  idleMs: number;
}

/** What `trackSubject` does besides tracking. */
export interface TrackOptions {
  /** `false` only tracks (the graph scenarios hand the saver to LangGraph as it is). */
  shapeChecks?: boolean;
  /** Runs as each call starts (the engine names the test whose call it is, under concurrency). */
  onCallStart?: () => void;
}

/** `shapeChecks: false` only tracks (the graph scenarios hand the saver to LangGraph as it is). */
export function trackSubject(target: BaseCheckpointSaver, options?: TrackOptions): TrackedSubject;
/** Any other subject (a store, a cache): calls tracked, no shape checks. */
export function trackSubject<S extends object>(target: S, options: TrackOptions & { shapeChecks: false }): TrackedSubject<S>;
export function trackSubject<S extends object>(target: S, { shapeChecks = true, onCallStart }: TrackOptions = {}): TrackedSubject<S> {
  const pending = new Map<number, { name: string; started: number }>();
  let longest: { name: string; ms: number } | undefined;
  let settled = 0;
  let settledMs = 0;
  let lastActivity = responsiveNow();
  const throwers = new Map<unknown, string>();
  let first: { method: string; error: unknown } | undefined;
  const recordThrow = (name: string) => (error: unknown) => {
    if (throwers.size > 100) throwers.clear();
    throwers.set(error, `${name}()`);
    first ??= { method: `${name}()`, error };
  };
  let next = 0;
  const begin = (name: string) => {
    onCallStart?.();
    const id = next++;
    const started = responsiveNow();
    const startedWall = performance.now();
    lastActivity = started;
    pending.set(id, { name, started });
    return () => {
      if (!pending.delete(id)) return;
      lastActivity = responsiveNow();
      settled++;
      settledMs += lastActivity - started;
      const wallMs = performance.now() - startedWall;
      if (longest === undefined || wallMs > longest.ms) longest = { name, ms: wallMs };
    };
  };
  const wrapped = new Map<PropertyKey, unknown>();
  const proxy = new Proxy(target, {
    get(obj, prop) {
      const value = Reflect.get(obj, prop, obj);
      if (typeof value !== "function" || prop === "constructor") return value;
      if (wrapped.has(prop) && (wrapped.get(prop) as { original: unknown }).original === value) {
        return (wrapped.get(prop) as { fn: unknown }).fn;
      }
      const name = String(prop);
      const fn = function (this: unknown, ...args: unknown[]) {
        const end = begin(`${name}()`);
        let result: unknown;
        try {
          result = (value as (...a: unknown[]) => unknown).apply(obj, args);
        } catch (error) {
          end();
          recordThrow(name)(error);
          throw error;
        }
        if (isAsyncIterator(result)) return trackIterator(result, name, begin, end, recordThrow(name));
        if (isThenable(result)) {
          Promise.resolve(result).then(end, (error) => {
            end();
            recordThrow(name)(error);
          });
          return afterLoopTurnIfHeld(result);
        }
        end();
        return result;
      };
      wrapped.set(prop, { original: value, fn });
      return fn;
    },
  });
  return {
    saver: shapeChecks ? (withShapeChecks(proxy as unknown as BaseCheckpointSaver) as unknown as S) : proxy,
    inFlight: () => [...new Set([...pending.values()].map((p) => p.name))],
    progress: () => {
      const now = responsiveNow();
      const starts = [...pending.values()].map((p) => p.started);
      return { settled, settledMs, oldestPendingMs: starts.length > 0 ? now - Math.min(...starts) : undefined, idleMs: now - lastActivity };
    },
    track: (name, work) => {
      const end = begin(name);
      work.then(end, end);
      return work;
    },
    thrownBy: (error) => throwers.get(error),
    firstThrow: () => first,
    longestCall: () => longest,
  };
}

/** After the event loop went this long without turning, a saver call hands its answer back only once it turned. */
export const LOOP_TURN_AFTER_MS = 500;

/**
 * `answer` as it is; or, when the event loop has not turned for
 * LOOP_TURN_AFTER_MS (a saver whose calls do their work synchronously and
 * settle at once: tests awaiting them form one chain of promises, and under
 * concurrency those of every test in flight form one), `answer` handed back
 * after a turn of the loop: the supervised child's heartbeat,
 * its timeouts and its signal handlers run meanwhile. Without it such a saver,
 * answering every call, held the loop for 20 s and its process was killed as
 * stuck, its savers never released.
 */
function afterLoopTurnIfHeld<T>(answer: PromiseLike<T>): PromiseLike<T> {
  if (loopHeldMs() < LOOP_TURN_AFTER_MS) return answer;
  // setImmediate, not a 0 ms timer: immediates queued while the loop is in its check phase wait for the next turn, so the
  // timers (the heartbeat, the responsive clock's ticker) run between two of them; a chain of 0 ms timers can run within
  // one timers phase, starving the ticker: the clock then stood still and a hung call was never found to hang.
  return new Promise<T>((resolve, reject) => setImmediate(() => Promise.resolve(answer).then(resolve, reject)));
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof (v as { then?: unknown } | null)?.then === "function";
}

function isAsyncIterator(v: unknown): v is AsyncIterator<unknown> & AsyncIterable<unknown> {
  return (
    typeof v === "object" &&
    v !== null &&
    typeof (v as { next?: unknown }).next === "function" &&
    typeof (v as Record<symbol, unknown>)[Symbol.asyncIterator] === "function"
  );
}

function trackIterator(
  it: AsyncIterator<unknown> & AsyncIterable<unknown>,
  name: string,
  begin: (n: string) => () => void,
  endCall: () => void,
  onThrow: (error: unknown) => void,
): AsyncGenerator<unknown> {
  endCall();
  const step = (method: "next" | "return" | "throw", arg?: unknown) => {
    const fn = it[method];
    if (typeof fn !== "function") return Promise.resolve({ done: true, value: arg });
    const end = begin(`${name}() iteration`);
    let p: Promise<IteratorResult<unknown>>;
    try {
      p = Promise.resolve(fn.call(it, arg as never));
    } catch (error) {
      end();
      onThrow(error);
      return Promise.reject(error);
    }
    p.then(end, (error) => {
      end();
      onThrow(error);
    });
    return afterLoopTurnIfHeld(p);
  };
  const gen = {
    next: (arg?: unknown) => step("next", arg),
    return: (arg?: unknown) => step("return", arg),
    throw: (arg?: unknown) => step("throw", arg),
    [Symbol.asyncIterator]() {
      return gen;
    },
  };
  return gen as unknown as AsyncGenerator<unknown>;
}
