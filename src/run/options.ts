import type { CapabilityId } from "../kinds/descriptors.js";
import type { GraphOptions } from "../graph/options.js";
import type { ModelOptions } from "../kinds/checkpointer/model/options.js";
import { ConformanceUsageError } from "../util/errors.js";
import { describeValue } from "../util/describe-value.js";
import type { ProgressHooks } from "./progress.js";
import type { SaverProfile } from "../kinds/checkpointer/profile.js";
import type { Shard } from "../runtime/shard.js";

/** @public */
export const DEFAULT_TIMEOUT_MS = 5_000;
/** @public */
export const DEFAULT_LIFESPAN_TIMEOUT_MS = 120_000;
/** A failing spec test runs once more by default, on the same saver; one that then passes is FLAKY. @public */
export const DEFAULT_RETRIES = 1;
/** More retries than this only slow a broken saver's run down. */
export const MAX_RETRIES = 10;
/**
 * Spec tests run at once by default, up to 4 in the whole run (capabilities at once, each on its own saver):
 * the model's sequences alongside them under the same budget; a remote-like saver's run takes well under half
 * the serial run's, with the verdict of a serial run in the runs measured (docs/performance.md). @public
 */
export const DEFAULT_CONCURRENCY = 4;
/** More than this only adds contention. */
export const MAX_CONCURRENCY = 64;

/** The options every entry point shares (validate, the CLI, the test-runner adapters). @public */
export interface SuiteOptions {
  /** Only these capabilities run; the others are reported as skipped. Default: all. */
  capabilities?: readonly CapabilityId[] | ReadonlySet<CapabilityId>;
  /**
   * Per saver call and per factory step, in ms (at most 2^31-1): a call pending this
   * long is a hang. A test that keeps getting answers may take up to 20× this.
   * Default: the registration's, else 5000.
   */
  timeoutMs?: number;
  /** For the lifespan's setup and teardown, in ms (at most 2^31-1). Default: the registration's, else 120000. */
  lifespanTimeoutMs?: number;
  /** Run only spec tests whose name, description or catalog id matches. */
  grep?: string | RegExp;
  /**
   * Spec tests left out, by name (`test_put_stores_only_changed_channels`) or
   * catalog id (`JS-13`: every test checking it): reported as skipped, never
   * run. For a test that brings the saver down, so that the rest can be seen.
   */
  skipTests?: readonly string[];
  /** What the saver keeps (`"latest-only"` for a shallow saver); overrides the registration's `profile`. */
  profile?: SaverProfile;
  /**
   * Runs only this shard's slice of the work (`{ index: 2, count: 3 }`): every
   * count-th capability, graph scenario and model sequence. `mergeReports()`
   * (or `checkpoint-conformance merge`) combines the shards' reports.
   */
  shard?: Shard;
  /**
   * How many times a failing spec test is run again, on the same saver
   * (default 1; 0 disables; a timed-out test is retried at most once). A test
   * that fails, then passes is FLAKY.
   */
  retries?: number;
  /** FLAKY tests count as passed (still reported as flaky). Default false: they count as failed. */
  allowFlaky?: boolean;
  /**
   * How many spec tests (and model sequences) are in flight at once in the
   * whole run (default DEFAULT_CONCURRENCY; 1: one after another):
   * capabilities run at once, each on its own saver. Tests marked exclusive
   * run alone on their capability's saver;
   * a test that fails with others running is re-run alone, and one that then
   * passes is reported as failing only under concurrency (a concurrency bug of
   * the saver). Results and reports keep the serial order.
   */
  concurrency?: number;
}

/** @public */
export interface ValidateOptions extends SuiteOptions {
  /** Progress output; default quiet. See `ProgressCallbacks`. */
  progress?: ProgressHooks;
  /** Graph-level scenarios after the capability suites: `false` to skip, or which to run. */
  graph?: boolean | GraphOptions;
  /** Model-based random sequences after the spec suites: `false` to skip, or runs and seed. */
  model?: boolean | ModelOptions;
  /**
   * A store's or cache's behaviour profile after the spec suites: its answer to
   * each implementation-defined question (never pass/fail). Default true; `false` to skip.
   */
  behaviours?: boolean;
}

/** The `concurrency` option: a whole number from 1 to MAX_CONCURRENCY; undefined stays undefined. */
export function checkConcurrency(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new ConformanceUsageError(
      `${what} must be a whole number from 1 to ${MAX_CONCURRENCY} (1: one test at a time), got ${describeValue(value)}`,
    );
  }
  return value;
}

/** The `retries` option: a whole number from 0 to MAX_RETRIES; undefined stays undefined. */
export function checkRetries(value: unknown, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_RETRIES) {
    throw new ConformanceUsageError(`${what} must be a whole number from 0 to ${MAX_RETRIES} (0: no retry), got ${describeValue(value)}`);
  }
  return value;
}
