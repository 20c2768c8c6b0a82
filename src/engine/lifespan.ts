import type { LifespanLease } from "../registration.js";
import { errorText } from "../util/describe-value.js";
import { ConformanceSetupError } from "../util/errors.js";
import type { RunPlan } from "./run-plan.js";
import { holdOpen } from "../runtime/open-leases.js";
import { withTimeout, withTimeoutReleasing } from "../util/timeout.js";

/** Starts the registration's lifespan within its timeout (a late one is still ended); a failure is a `ConformanceSetupError`. */
export async function enterLifespan(plan: RunPlan): Promise<LifespanLease> {
  try {
    const held = plan.registered.enterLifespan().then((lease): LifespanLease => ({ end: holdOpen(() => lease.end()) }));
    return await withTimeoutReleasing(held, plan.lifespanTimeoutMs, () => "in the lifespan's setup", (late) => late.end());
  } catch (error) {
    throw new ConformanceSetupError(`${plan.registered.name}: the lifespan's setup failed: ${errorText(error)}`, { cause: error });
  }
}

/** Ends the lifespan within its timeout; returns what went wrong, if anything. */
export async function endLifespan(plan: RunPlan, lifespan: LifespanLease | undefined): Promise<string | undefined> {
  try {
    await withTimeout(lifespan?.end() ?? Promise.resolve(), plan.lifespanTimeoutMs, () => "in the lifespan's teardown");
    return undefined;
  } catch (error) {
    return `the lifespan's teardown failed: ${errorText(error)}`;
  }
}
