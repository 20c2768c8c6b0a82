import type { Capability } from "../capabilities.js";

/**
 * A precondition step failed: the test could not reach the clause it checks
 * because another capability did not do its part. Thrown by `precondition()`,
 * recognised by the engine (the test is "not checked", not failed).
 */
export class PreconditionError extends Error {
  override readonly name = "PreconditionError";
  constructor(
    /** The capability the failing step exercised. */
    readonly capability: Capability,
    /** What the step needs, in plain words ("list() yields the 3 checkpoints just put"). */
    readonly step: string,
    /** What the step threw: an assertion, or the saver's own error. */
    override readonly cause: unknown,
  ) {
    super(`precondition failed: ${step}`);
  }
}

/**
 * Runs a setup step that exercises `capability` (not the one under test), e.g.
 * `await precondition("list", "list() yields the 3 checkpoints just put", async () => ...)`.
 * When the step fails, the test is reported "not checked: precondition failed
 * (...) → see <capability>" instead of failing its own capability. Never wrap
 * the clause the test checks. When `capability` is the one under test, the
 * engine treats the failure as a normal one.
 */
export async function precondition<T>(capability: Capability, step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PreconditionError) throw error;
    throw new PreconditionError(capability, step, error);
  }
}
