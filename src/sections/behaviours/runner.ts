import type { SectionRunner } from "../../run/section-runner.js";
import { SubjectCreationError } from "../../runtime/lease.js";
import { errorText } from "../../util/describe-value.js";
import { BehaviourSection } from "./report-section.js";

/**
 * Asks the kind's behaviour probes (the engine runs them on a fresh subject,
 * each like a spec test) after the capability suites. Sharded, shard 1 asks.
 */
export const behavioursRunner: SectionRunner = {
  key: "behaviours",
  async run({ options, profileBehaviours }) {
    if (!profileBehaviours || (options.shard !== undefined && options.shard.index !== 1)) return undefined;
    const started = performance.now();
    try {
      const profile = await profileBehaviours();
      return profile.answers.length === 0 ? undefined : new BehaviourSection({ ...profile, durationMs: performance.now() - started });
    } catch (error) {
      const cause = error instanceof SubjectCreationError ? error.cause : error;
      return new BehaviourSection({
        answers: [],
        error: `the factory failed: ${errorText(cause)}`,
        durationMs: performance.now() - started,
      });
    }
  },
};
