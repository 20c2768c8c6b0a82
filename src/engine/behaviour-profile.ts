import type { CapabilityId } from "../kinds/descriptors.js";
import type { BehaviourAnswer, BehaviourProfile } from "../report/types.js";
import { errorText } from "../util/describe-value.js";
import { ALONE, withSubject } from "../runtime/lease.js";
import type { CatalogId } from "../kinds/checkpointer/checks/types.js";
import type { AnySpecTest, RunPlan } from "./run-plan.js";
import { runSpecTest } from "./run-spec-test.js";

/**
 * The kind's behaviour probes on one fresh subject, in order. Each runs as a
 * spec test does (tracked calls, the hang rule, extra subjects cleaned up), so a
 * probe that throws or hangs becomes an answer saying so and the others still run.
 * Throws only when the factory cannot make the subject; a failed cleanup is
 * part of the profile (reported with it, not counted: the capability suites
 * count their own).
 */
export async function profileBehaviours(plan: RunPlan): Promise<BehaviourProfile> {
  const probes = plan.subjectKind.behaviours ?? [];
  if (probes.length === 0) return { answers: [] };
  const capability = plan.subjectKind.capabilities[0].id as CapabilityId;
  let cleanupError: string | undefined;
  const answers = await withSubject(
    plan.registered,
    { timeoutMs: plan.timeoutMs, load: ALONE },
    async (subject: object) => {
      const answers: BehaviourAnswer[] = [];
      for (const behaviour of probes) {
        let answer = "";
        const test: AnySpecTest = {
          name: behaviour.id,
          ids: [behaviour.id as CatalogId],
          description: behaviour.question,
          async run(ctx) {
            answer = await behaviour.probe(ctx);
          },
        };
        const result = await runSpecTest({
          registered: plan.registered,
          subjectKind: plan.subjectKind,
          capability,
          test,
          subject,
          timeoutMs: plan.timeoutMs,
          profile: plan.profile,
        });
        const base = { id: behaviour.id, question: behaviour.question };
        answers.push(
          result.status === "failed"
            ? { ...base, answer: `the probe failed: ${result.failure.message.split("\n", 1)[0]}`, failed: true }
            : { ...base, answer },
        );
      }
      return answers;
    },
    {
      onCleanupFailure: (error) => void (cleanupError = `the factory's cleanup failed: ${errorText(error)}`),
    },
  );
  return { answers, ...(cleanupError !== undefined ? { cleanupError } : {}) };
}
