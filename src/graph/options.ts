/** Options of the graph-level scenarios (`validate(..., { graph })`). @public */
export interface GraphOptions {
  /** Only these scenario ids (e.g. "G01"). */
  scenarios?: readonly string[];
  /** Scenario ids not to run. */
  skip?: readonly string[];
}
