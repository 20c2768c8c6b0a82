import type { KnownDeviation } from "../registration.js";
import { effectiveProfile, NOT_APPLICABLE_LATEST_ONLY } from "../kinds/checkpointer/profile.js";
import { ConformanceUsageError } from "../registration.js";
import type { ReportSection } from "../report/conformance-report.js";
import type { SectionContext, SectionRunner } from "../run/section-runner.js";
import { ALONE, openSubject } from "../runtime/lease.js";
import { shardSlice } from "../runtime/shard.js";
import { TimeoutError } from "../util/timeout.js";
import { withCallTimeout } from "../runtime/call-timeout.js";
import { trackSubject, type TrackedSubject } from "../runtime/tracked-subject.js";
import { framesBlock } from "../runtime/user-frames.js";
import { errorText } from "../util/describe-value.js";
import { thrownError, type ThrownError } from "../runtime/thrown-error.js";
import { ProbeRunner } from "../diagnosis/run-probes.js";
import { recordIds } from "../diagnosis/id-recorder.js";
import { probeCause } from "../diagnosis/probe-cause.js";
import { UNIVERSAL_CLAUSES, clausesForField, type ClauseId } from "../diagnosis/clauses.js";
import { explainDivergence, transcriptDiffLines, type Divergence } from "./compare.js";
import { GRAPH_LEGEND } from "./legend.js";
import { caseId, runDifferential, variantsOf } from "./differential.js";
import { loadLangGraph, type LangGraph } from "./langgraph.js";
import type { GraphOptions } from "./options.js";
import { GraphSection } from "./report-section.js";
import type { GraphCaseResult } from "./result.js";
import { GRAPH_SCENARIOS } from "./scenarios/index.js";
import type { GraphScenario, ScenarioVariant } from "./types.js";

/** Per saver call of a scenario case (withCallTimeout: the whole case may take 20× it): generous, for slow backends. */
export const DEFAULT_GRAPH_CASE_TIMEOUT_MS = 30_000;

/**
 * The graph section: opt-in (`validate(reg, { graph: true })`), because it
 * needs `@langchain/langgraph` and runs real graphs, which is slower than the
 * storage suites. Without the package it reports itself skipped with the reason.
 */
export const graphSectionRunner: SectionRunner = {
  key: "graph",
  check(options) {
    if (typeof options.graph === "object") selectScenarios(options.graph);
  },
  async run(ctx) {
    const option = ctx.options.graph;
    if (option === undefined || option === false) return undefined;
    const given: GraphOptions = option === true ? {} : option;
    const options: GraphOptions = {
      ...given,
      latestOnly: given.latestOnly === true || effectiveProfile(ctx.registered, ctx.options) === "latest-only",
    };
    // Whole scenarios per shard, every count-th of those selected (the merge puts them back in catalog order).
    const scenarios = shardSlice(selectScenarios(options), ctx.options.shard);
    const loaded = await loadLangGraph();
    if (!loaded.ok) return new GraphSection({ skipped: `${loaded.reason}; the graph scenarios need @langchain/langgraph` });
    const results: GraphCaseResult[] = [];
    // One runner for the section: cases that fail for one cause share its probes' outcomes.
    const probes = new ProbeRunner(ctx.registered, options.timeoutMs ?? DEFAULT_GRAPH_CASE_TIMEOUT_MS, ALONE);
    for (const scenario of scenarios) {
      for (const variant of variantsOf(scenario)) results.push(await runCase(ctx, loaded.module, scenario, variant, options, probes));
    }
    return new GraphSection({ results }) satisfies ReportSection;
  },
};

async function runCase(
  ctx: SectionContext,
  lg: LangGraph,
  scenario: GraphScenario,
  variant: ScenarioVariant,
  options: GraphOptions,
  probes: ProbeRunner,
): Promise<GraphCaseResult> {
  const base = { id: caseId(scenario, variant), scenario: scenario.id, name: scenario.name, variant: variant.name };
  if (options.latestOnly && scenario.needsHistory) {
    return {
      ...base,
      status: "not-applicable",
      reason: `${NOT_APPLICABLE_LATEST_ONLY}: reads history, replays or forks, and the saver keeps only the latest checkpoint`,
    };
  }
  const deviation = findDeviation(ctx.registered.knownDeviations, scenario, base.id);
  const timeoutMs = options.timeoutMs ?? DEFAULT_GRAPH_CASE_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  let lease;
  try {
    lease = await openSubject(ctx.registered, { timeoutMs: ctx.timeoutMs, load: ALONE });
  } catch (error) {
    // The error itself is kept as data (`error`), never copied into the message: reporters show it once, from there.
    return {
      ...base,
      status: "failed",
      durationMs: elapsed(),
      message: "the factory failed to produce a saver",
      deviation,
      error: thrownError(error, "the factory"),
    };
  }
  // Tracked, so a failure shows the error the saver threw (with its line), not only the transcript it led to.
  const tracked = trackSubject(lease.subject, { shapeChecks: false });
  // The ids the run used, for the id round-trip probe.
  const recorder = recordIds(tracked.saver);
  let failure: { message: string; divergence?: Divergence; diff?: string[]; error?: ThrownError } | undefined;
  try {
    const run = await withCallTimeout(runDifferential(scenario, variant, lg, recorder.saver, options), timeoutMs, {
      trackers: () => [tracked],
      what: `running ${base.id}`,
    });
    if (run.divergence) {
      failure = {
        message: explainDivergence(run.divergence),
        divergence: run.divergence,
        diff: transcriptDiffLines(run.expected, run.actual),
        ...firstSaverError(tracked),
      };
    }
  } catch (error) {
    const method = tracked.thrownBy(error);
    if (method !== undefined) {
      failure = { message: "the scenario stopped at the saver's error", error: thrownError(error, method) };
    } else {
      const why = error instanceof TimeoutError ? error.message : `the scenario threw ${text(error)}${framesBlock(error)}`;
      failure = { message: why, ...firstSaverError(tracked) };
    }
  }
  // lease.ts's policy: a cleanup that fails fails the case, as it fails a capability in the spec suites (a graph-only
  // run must not pass with it); after the case's own failure, if it had one.
  const cleanup = await lease.release().then(
    () => undefined,
    (error: unknown) => error,
  );
  if (failure === undefined && cleanup === undefined) return { ...base, status: "passed", durationMs: elapsed(), deviation };
  if (failure === undefined) {
    // The error itself is rendered from `error` (shown once), as for the saver's errors.
    return {
      ...base,
      status: "failed",
      durationMs: elapsed(),
      message: "the factory's cleanup (the code after yield) failed",
      deviation,
      error: thrownError(cleanup, "the factory's cleanup"),
    };
  }
  // The id round-trip first (ids that do not round-trip break every other clause), the scenario's own clauses
  // (most likely culprit first), the diverging field's, then those every scenario leans on.
  const candidates: ClauseId[] = ["ids", ...scenario.clauses, ...clausesForField(failure.divergence?.path ?? ""), ...UNIVERSAL_CLAUSES];
  const cause = await probeCause(probes, candidates, recorder.sample(), failure.error);
  const clause = cause.confirmed?.probe.clause;
  const divergence =
    failure.divergence && clause ? { ...failure.divergence, clause, method: cause.confirmed!.probe.operation } : failure.divergence;
  const cleanupLine = cleanup === undefined ? [] : [`the factory's cleanup (the code after yield) failed too: ${errorText(cleanup)}`];
  const lines = [
    failure.message,
    ...cause.lines,
    ...(clause === undefined && failure.diff ? failure.diff : []),
    ...cleanupLine,
    GRAPH_LEGEND,
  ];
  return {
    ...base,
    status: "failed",
    durationMs: elapsed(),
    message: lines.join("\n"),
    ...(divergence ? { divergence } : {}),
    deviation,
    ...(failure.error ? { error: failure.error } : {}),
  };
}

/** The first error the saver threw during the case, as data (what groups failures by cause). */
function firstSaverError(tracked: TrackedSubject): { error?: ThrownError } {
  const thrown = tracked.firstThrow();
  return thrown ? { error: thrownError(thrown.error, thrown.method) } : {};
}

function selectScenarios(options: GraphOptions): GraphScenario[] {
  const known = new Set(GRAPH_SCENARIOS.map((s) => s.id));
  for (const [key, ids] of [
    ["scenarios", options.scenarios],
    ["skip", options.skip],
  ] as const) {
    const unknown = (ids ?? []).filter((id) => !known.has(id));
    if (unknown.length > 0) {
      throw new ConformanceUsageError(
        `validate: option "graph.${key}" has unknown scenario ids ${unknown.join(", ")}; known: G01 … G${GRAPH_SCENARIOS.length}`,
      );
    }
  }
  return GRAPH_SCENARIOS.filter((s) => (!options.scenarios || options.scenarios.includes(s.id)) && !options.skip?.includes(s.id));
}

/** A declared deviation names the scenario (`G07`) or one case (`G02[exit]`) in `tests`. */
function findDeviation(deviations: readonly KnownDeviation[], scenario: GraphScenario, id: string): string | undefined {
  return deviations.find((d) => d.tests?.includes(scenario.id) || d.tests?.includes(id))?.reason;
}

function text(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
