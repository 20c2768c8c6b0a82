/** Misuse of the public API: a wrong option or argument. The message names it. @public */
export class ConformanceUsageError extends Error {
  override readonly name = "ConformanceUsageError";
}

/** A setup problem that stops the run: the lifespan could not start. @public */
export class ConformanceSetupError extends Error {
  override readonly name = "ConformanceSetupError";
}
