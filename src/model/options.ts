/** Options of the model-based mode (`validate(..., { model })`). @public */
export interface ModelOptions {
  /** How many random operation sequences to run. */
  runs?: number;
  /** fast-check seed, to replay a failure. */
  seed?: number;
  /** fast-check path, to replay a shrunk failure. */
  path?: string;
}
