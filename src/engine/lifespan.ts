import type { LifespanLease } from "../registration.js";
import { errorText } from "../util/describe-value.js";
import { ConformanceSetupError } from "../util/errors.js";
import type { RunPlan } from "./run-plan.js";
import { enterLifespan as enterRegisteredLifespan } from "../runtime/lease.js";

/** Starts the registration's lifespan within its timeout (src/runtime/lease.ts); a failure is a `ConformanceSetupError`. */
export async function enterLifespan(plan: RunPlan): Promise<LifespanLease> {
  try {
    return await enterRegisteredLifespan(plan.registered, plan.lifespanTimeoutMs);
  } catch (error) {
    throw new ConformanceSetupError(`${plan.registered.name}: the lifespan's setup failed: ${errorText(error)}`, { cause: error });
  }
}

/** Ends the lifespan within its timeout; returns what went wrong, if anything: the caller reports it as a run error (lease.ts's policy). */
export async function endLifespan(lifespan: LifespanLease | undefined): Promise<string | undefined> {
  try {
    await (lifespan?.end() ?? Promise.resolve());
    return undefined;
  } catch (error) {
    return `the lifespan's teardown failed: ${errorText(error)}`;
  }
}
