import { DEFAULT_SUBJECT_KIND, kindDescriptor, type CapabilityId } from "../kinds/descriptors.js";
import { ConformanceUsageError } from "../util/errors.js";
import { OTHER_SHARD_REASON, shardLabel, type Shard } from "../runtime/shard.js";
import { ConformanceReport, type CapabilityResult, type ReportSection } from "../report/conformance-report.js";
import { checkSameRun, type RunIdentity } from "../engine/run-identity.js";
import { mergeSections } from "./merge-sections.js";
import { BUILT_IN_CLASSES, runSuggestions } from "../diagnosis/run-suggestions.js";
import { SUBJECT_KINDS } from "../kinds/index.js";
import { checkShardSet } from "./shard-set.js";
import { listedSpecTests } from "../report/spec-test-list.js";

/**
 * One report from the reports of every shard of a split run (`--shard i/n`,
 * the `shard` option): each capability from the shard that ran it, the
 * sections merged (graph cases in catalog order, model sequences counted),
 * errors concatenated, durations summed. Its verdict is the unsharded run's.
 * Throws `ConformanceUsageError` when the reports are not one complete set of
 * one run (the suite's version and options, the model seed included, recorded
 * in each shard's report).
 * @public
 */
export function mergeReports(reports: readonly ConformanceReport[]): ConformanceReport {
  const shards = checkCompleteSet(reports);
  const results: Partial<Record<CapabilityId, CapabilityResult>> = {};
  for (const { id: capability } of kindDescriptor(reports[0].subjectKind).capabilities) {
    const id = capability as CapabilityId;
    const merged = mergeCapability(id, reports, shards);
    if (merged) results[id] = merged;
  }
  const sections = new Map<string, ReportSection[]>();
  for (const report of reports) for (const s of report.sections) sections.set(s.key, [...(sections.get(s.key) ?? []), s]);
  return new ConformanceReport({
    subjectName: reports[0].subjectName,
    subjectKind: reports[0].subjectKind,
    results,
    errors: reports.flatMap((r, i) => r.errors.map((e) => `shard ${shardLabel(shards[i])}: ${e}`)),
    durationMs: reports.reduce((sum, r) => sum + r.durationMs, 0),
    sections: [...sections.values()].map(mergeSections),
    profile: reports[0].profile,
    // Of the whole run: a shard's own suggestions counted only its slice.
    // A shard that suggested a built-in backend's deviations saw the subject is or wraps one (its lineage is not in the report).
    suggestions: runSuggestions(
      { results, profile: reports[0].profile },
      SUBJECT_KINDS[reports[0].subjectKind].specs,
      reports.some((r) => r.suggestions?.some((s) => s.kind === "built-in-deviations")) ? BUILT_IN_CLASSES : undefined,
    ),
    specTests: listedSpecTests(SUBJECT_KINDS[reports[0].subjectKind].specs),
    // The same round trip in every shard that failed: any one's answers.
    ...(reports.find((r) => r.readBack)?.readBack ? { readBack: reports.find((r) => r.readBack)!.readBack! } : {}),
  });
}

/** The reports' shards, after checking they are shards 1..n of one run (same saver, version and options), each once. */
function checkCompleteSet(reports: readonly ConformanceReport[]): Shard[] {
  if (reports.length === 0) throw new ConformanceUsageError("merge: no report to merge; pass the JSON report of every shard");
  const shards = reports.map((r, i) => {
    if (!r.shard)
      throw new ConformanceUsageError(
        `merge: report ${i + 1} (${r.subjectName}) is not a shard's report; run each shard with --shard i/n (the shard option)`,
      );
    return r.shard;
  });
  const names = [...new Set(reports.map((r) => `${r.subjectKind === DEFAULT_SUBJECT_KIND ? "" : `${r.subjectKind} `}${r.subjectName}`))];
  if (names.length > 1)
    throw new ConformanceUsageError(
      `merge: the reports are of different savers (${names.map((n) => JSON.stringify(n)).join(", ")}); merge the shards of one run`,
    );
  const profiles = [...new Set(reports.map((r) => r.profile))];
  if (profiles.length > 1)
    throw new ConformanceUsageError(`merge: the reports checked different profiles (${profiles.join(", ")}); merge the shards of one run`);
  checkShardSet(shards);
  const labels = shards.map((s) => `shard ${shardLabel(s)}`);
  // Every shard's report says its run (the suite writes it with the shard): without it, shards of different runs could merge unchecked.
  const identities = reports.map((r) => r.run);
  const missing = identities.indexOf(undefined);
  if (missing >= 0)
    throw new ConformanceUsageError(
      `merge: ${labels[missing]}'s report does not say which version and options wrote it (an older version of the suite); run every shard with the same version`,
    );
  checkSameRun(identities as RunIdentity[], labels);
  return shards;
}

/** A capability's result: from the shard that ran it (whole capabilities per shard), else the reason every shard gives. */
function mergeCapability(
  capability: CapabilityId,
  reports: readonly ConformanceReport[],
  shards: readonly Shard[],
): CapabilityResult | undefined {
  const given = reports.map((r, i) => ({ result: r.results[capability], shard: shards[i] })).filter((g) => g.result !== undefined);
  if (given.length === 0) return undefined;
  const owners = given.filter((g) => !isOtherShard(g.result!));
  if (owners.length === 0) {
    throw new ConformanceUsageError(
      `merge: no shard ran ${capability}; were the shards run with the same options (capabilities, grep, skipCapabilities)?`,
    );
  }
  const ran = owners.filter((g) => !(g.result!.status === "skipped" && g.result!.excluded === true));
  if (ran.length > 1) {
    throw new ConformanceUsageError(
      `merge: ${capability} was run by shards ${ran.map((g) => shardLabel(g.shard)).join(" and ")}; were the shards run with the same options?`,
    );
  }
  return (ran[0] ?? owners[0]).result;
}

function isOtherShard(result: CapabilityResult): boolean {
  return result.status === "skipped" && result.excluded === true && result.reason.startsWith(OTHER_SHARD_REASON);
}
