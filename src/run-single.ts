import { capabilityInfo, requiredOfEverySaver, type Capability } from "./capabilities.js";
import { detectCapability } from "./detect-capability.js";
import type { RegisteredCheckpointer, SaverLease } from "./registration.js";
import { errorText } from "./describe-value.js";
import { runSpecTest } from "./run-spec-test.js";
import type { TestResult } from "./report.js";
import type { SpecTest } from "./spec/types.js";
import { withTimeout } from "./timeout.js";

/**
 * What one spec test came to when run on its own:
 * - `result`: it ran (passed, failed, or skipped for a missing required capability);
 * - `not-run`: the capability is not offered (an extended one) — skip it with `reason`;
 * - `broken`: the capability cannot be tested (factory failed, base method missing) — fail with `message`.
 */
export type SingleOutcome =
  | { kind: "result"; result: TestResult }
  | { kind: "not-run"; reason: string }
  | { kind: "broken"; message: string };

/**
 * One capability's fresh saver, opened once for the capability's spec tests
 * and closed after them: the runner's lifecycle, one test at a time, for the
 * runner adapters (vitest, jest, node:test).
 */
export class CapabilitySession {
  private constructor(
    private readonly registered: RegisteredCheckpointer,
    private readonly capability: Capability,
    private readonly timeoutMs: number,
    private readonly state: { kind: "ready"; lease: SaverLease } | { kind: "not-run"; reason: string } | { kind: "broken"; message: string; lease?: SaverLease },
  ) {}

  /** Creates the capability's saver (within the timeout) and detects whether it offers the capability. */
  static async open(registered: RegisteredCheckpointer, capability: Capability, timeoutMs: number): Promise<CapabilitySession> {
    let lease: SaverLease;
    try {
      lease = await withTimeout(registered.create(), timeoutMs, () => "in the factory (creating a saver)");
    } catch (error) {
      return new CapabilitySession(registered, capability, timeoutMs, {
        kind: "broken",
        message: `the factory failed to produce a saver: ${errorText(error)}`,
      });
    }
    const detection = detectCapability(lease.saver, capability);
    if (detection.kind === "detected" || detection.kind === "inherited") {
      return new CapabilitySession(registered, capability, timeoutMs, { kind: "ready", lease });
    }
    const info = capabilityInfo(capability);
    const state =
      info.kind === "base"
        ? { kind: "broken" as const, message: requiredOfEverySaver(info, detection.reason), lease }
        : { kind: "not-run" as const, reason: `not implemented: ${detection.reason}` };
    if (state.kind === "not-run") await lease.release();
    return new CapabilitySession(registered, capability, timeoutMs, state);
  }

  async run(test: SpecTest): Promise<SingleOutcome> {
    if (this.state.kind !== "ready") return this.state;
    const { registered, capability, timeoutMs } = this;
    return { kind: "result", result: await runSpecTest({ registered, capability, test, saver: this.state.lease.saver, timeoutMs }) };
  }

  /** Runs the factory's cleanup (the code after `yield`); throws if it fails or hangs. */
  async close(): Promise<void> {
    const lease = this.state.kind === "not-run" ? undefined : this.state.lease;
    if (!lease) return;
    try {
      await withTimeout(lease.release(), this.timeoutMs, () => "in the factory's cleanup (the code after yield)");
    } catch (error) {
      throw new Error(`${this.registered.name} › ${this.capability}: the factory's cleanup failed: ${errorText(error)}`);
    }
  }
}
