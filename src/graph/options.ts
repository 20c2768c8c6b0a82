/** Options of the graph-level scenarios (`validate(..., { graph })`). @public */
export interface GraphOptions {
  /** Only these scenario ids (e.g. "G01"). */
  scenarios?: readonly string[];
  /** Scenario ids not to run. */
  skip?: readonly string[];
  /**
   * The saver keeps only the latest checkpoint of a thread (a "shallow" saver).
   * Scenarios that read history, replay or fork are then reported as not
   * applicable instead of failing. Default false.
   */
  latestOnly?: boolean;
  /**
   * Adds a delay (ms) to the saver's put() and a quarter of it to putWrites(),
   * in every scenario, so writes can reach the saver before their checkpoint.
   * The behaviour must not change. Default: only the scenarios' own latency variants.
   */
  latencyMs?: number;
  /**
   * Per saver call of a scenario case, in ms (a call pending this long, or a case
   * making no saver call this long, is a hang); a case that keeps getting answers
   * may take up to 20× this (its two full graph runs). Default 30000.
   */
  timeoutMs?: number;
}
