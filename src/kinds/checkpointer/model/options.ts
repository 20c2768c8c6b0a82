import { wholeTestLimitMs } from "../../../runtime/call-timeout.js";
import { MAX_TIMEOUT_MS } from "../../../util/timeout.js";
import type { DeclarableBehaviour } from "./behaviours.js";

/** Options of the model-based mode (`validate(..., { model })`). @public */
export interface ModelOptions {
  /** How many random operation sequences to run; 0 turns the mode off. Default 20. */
  runs?: number;
  /**
   * fast-check seed. Default: a fixed seed (42), so a default run is reproducible;
   * `"random"` draws one (printed in the report, to replay it).
   */
  seed?: number | "random";
  /** The replay path printed with a failure (fast-check's path, "@", the commands' path), to replay it; needs the same seed. */
  path?: string;
  /**
   * Caps the run's time in ms: no sequence starts or goes on past it (one in
   * flight is abandoned). A run it cuts short is not a pass: the report says
   * how many of the sequences ran. Default: generous, from `timeoutMs` (each
   * sequence may take the whole-test limit, 20× timeoutMs), so it only stops a
   * saver that keeps answering at a crawl; a hung call fails on its own timeout.
   */
  timeLimitMs?: number;
  /** Most operations per sequence. Default 20. */
  maxCommands?: number;
  /**
   * Behaviours the saver is declared not to have (e.g. `"ignores-task-path"`):
   * disagreements they explain are reported, never failed. A registration's
   * `knownDeviations` on the same catalog ids declare them too.
   */
  ignore?: readonly DeclarableBehaviour[];
}

/**
 * The default budget is a count (a fixed seed and a count give the same
 * sequences on every run), all of which run whatever the saver's speed: the
 * default time limit (`defaultModelTimeLimitMs`) only guards against a saver
 * that stopped making progress.
 */
export const MODEL_DEFAULTS = { runs: 20, seed: 42, maxCommands: 20 } as const;

/** The default time limit of a model run: every sequence may take a spec test's whole-test limit. */
export function defaultModelTimeLimitMs(runs: number, timeoutMs: number): number {
  return Math.min(MAX_TIMEOUT_MS, Math.max(1, runs) * wholeTestLimitMs(timeoutMs));
}

/**
 * The model options a run uses, or undefined when the mode is off: `model: false`
 * or `runs: 0`. Without a `model` option it runs on whole runs only, not when
 * `capabilities` or `grep` narrow the run to some spec tests.
 */
export function effectiveModelOptions(options: {
  model?: boolean | ModelOptions;
  capabilities?: unknown;
  grep?: unknown;
}): ModelOptions | undefined {
  const model = options.model;
  if (model === false || (typeof model === "object" && model.runs === 0)) return undefined;
  if (model === undefined && (options.capabilities !== undefined || options.grep !== undefined)) return undefined;
  return typeof model === "object" ? model : {};
}

/**
 * The `model` option that keeps the model as `options` asked for it once the
 * capabilities are narrowed (a supervised run resumed after a crash runs only
 * what was left): by default the model runs on whole runs only, so the narrowed
 * run would silently drop it. Explicit: the options' model, or `false`.
 */
export function pinnedModelOption(options: Parameters<typeof effectiveModelOptions>[0]): ModelOptions | false {
  return effectiveModelOptions(options) ?? false;
}
