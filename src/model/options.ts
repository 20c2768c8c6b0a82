import type { DeclarableBehaviour } from "./behaviours.js";

/** Options of the model-based mode (`validate(..., { model })`). @public */
export interface ModelOptions {
  /** How many random operation sequences to run. Default 100. */
  runs?: number;
  /** fast-check seed, to replay a failure. Default: random. */
  seed?: number;
  /** The replay path printed with a failure (fast-check's path, "@", the commands' path), to replay it; needs the same seed. */
  path?: string;
  /** Stop starting new sequences after this many ms (the sequence in flight finishes). Default 20000. */
  timeLimitMs?: number;
  /** Most operations per sequence. Default 25. */
  maxCommands?: number;
  /**
   * Behaviours the saver is declared not to have (e.g. `"ignores-task-path"`):
   * disagreements they explain are reported, never failed. A registration's
   * `knownDeviations` on the same catalog ids declare them too.
   */
  ignore?: readonly DeclarableBehaviour[];
}

export const MODEL_DEFAULTS = { runs: 100, timeLimitMs: 20_000, maxCommands: 25 } as const;
