import { formatValue } from "../format.js";
import type { ReportSection, SectionFailure, SectionLinesOptions } from "../report/conformance-report.js";
import { CLAUSES, type ClauseId } from "../diagnosis/clauses.js";
import { GRAPH_LEGEND } from "./legend.js";
import { graphFailureText, isCountedGraphFailure, type GraphCaseResult } from "./result.js";

/** The GRAPH part of the report: printed by printReport(), `graph` in toDict(). */
export class GraphSection implements ReportSection {
  readonly key = "graph";
  readonly results: readonly GraphCaseResult[];
  readonly skipped?: string;

  constructor(init: { results?: readonly GraphCaseResult[]; skipped?: string }) {
    this.results = init.results ?? [];
    this.skipped = init.skipped;
  }

  state(): { results: readonly GraphCaseResult[]; skipped?: string } {
    return { results: this.results, ...(this.skipped !== undefined ? { skipped: this.skipped } : {}) };
  }

  passed(): boolean | null {
    if (this.skipped !== undefined) return null;
    return !this.results.some(isCountedGraphFailure);
  }

  /** `graph 32/38 +6 known deviations` (applicable cases passed / applicable), for the Result line. */
  summary(): string {
    if (this.skipped !== undefined) return "graph skipped";
    const n = this.counts();
    const applicable = this.results.length - n.notApplicable;
    const deviations = n.deviations > 0 ? ` +${n.deviations} known deviation${n.deviations === 1 ? "" : "s"}` : "";
    const failed = n.failed > 0 ? `, ${n.failed} FAILED` : "";
    return `graph ${n.passed}/${applicable}${deviations}${failed}`;
  }

  counts() {
    const count = (p: (r: GraphCaseResult) => boolean) => this.results.filter(p).length;
    return {
      passed: count((r) => r.status === "passed"),
      failed: count(isCountedGraphFailure),
      deviations: count((r) => r.status === "failed" && r.deviation !== undefined),
      notApplicable: count((r) => r.status === "not-applicable"),
    };
  }

  /** The counted failures, for grouping by cause (declared deviations are not failures). */
  failures(): SectionFailure[] {
    return this.results.flatMap((r) =>
      r.status === "failed" && isCountedGraphFailure(r)
        ? [
            {
              name: r.id,
              description: `graph scenario ${r.scenario} ${r.name}`,
              message: graphFailureText(r),
              ...(r.error ? { error: r.error } : {}),
              ...confirmedCause(r.divergence?.clause, r.divergence?.method),
            },
          ]
        : [],
    );
  }

  lines(options: SectionLinesOptions = {}): string[] {
    if (this.skipped !== undefined) return ["GRAPH SCENARIOS", `  skipped: ${this.skipped}`];
    const out = ["GRAPH SCENARIOS (each run on this saver and on MemorySaver; transcripts compared)"];
    const byScenario = new Map<string, GraphCaseResult[]>();
    for (const r of this.results) byScenario.set(r.scenario, [...(byScenario.get(r.scenario) ?? []), r]);
    const explained = options.condensed?.explained;
    // Condensed: the scenarios whose every case passed, with nothing to say, are one line.
    const quiet = [...byScenario]
      .filter(([, cases]) => explained !== undefined && cases.every((c) => c.status === "passed" && c.deviation === undefined))
      .map(([scenario]) => scenario);
    if (quiet.length > 0)
      out.push(`  ✓ ${quiet.length} scenario${quiet.length === 1 ? "" : "s"} with every case passed: ${quiet.join(" ")}`);
    for (const [scenario, cases] of byScenario) {
      if (quiet.includes(scenario)) continue;
      const variants = cases.length > 1 ? ` [${cases.map((c) => c.variant).join(", ")}]` : "";
      const worst = cases.find(isCountedGraphFailure) ?? cases.find((c) => c.status === "failed") ?? cases[0];
      const icon = isCountedGraphFailure(worst) ? "✗" : worst.status === "failed" ? "⚑" : worst.status === "not-applicable" ? "–" : "✓";
      out.push(`  ${icon} ${scenario} ${cases[0].name}${variants}`);
      for (const c of cases) {
        if (c.status === "not-applicable") {
          if (c === cases[0]) out.push(`      not applicable: ${c.reason}`);
        } else if (c.status === "failed") {
          // A failure the report lists under its cause is one line here; its text is shown once, with the cause.
          const cause = c.deviation === undefined ? options.causeOf?.(c.id) : undefined;
          if (cause !== undefined) {
            out.push(`      ${c.id}: ${cause}`);
            continue;
          }
          out.push(`      ${c.id}${c.deviation ? ` (known deviation: ${c.deviation})` : ""}`);
          const text = graphFailureText(c).split("\n");
          out.push(...(explained ? explainOnce(text, explained) : text).map((l) => `        ${l}`));
        } else if (c.deviation) {
          out.push(`      ${c.id}: declared deviation did not occur: ${c.deviation}`);
        }
      }
    }
    const n = this.counts();
    out.push(
      `  Result: ${n.passed} passed, ${n.failed} failed, ${n.deviations} known deviations, ${n.notApplicable} not applicable (${this.results.length} cases)`,
    );
    return out;
  }

  toJSON(): unknown {
    if (this.skipped !== undefined) return { status: "skipped", reason: this.skipped };
    const n = this.counts();
    return {
      status: n.failed > 0 ? "failed" : "passed",
      cases_passed: n.passed,
      cases_failed: n.failed,
      known_deviations: n.deviations,
      not_applicable: n.notApplicable,
      cases: this.results.map((r) => ({
        id: r.id,
        scenario: r.scenario,
        name: r.name,
        variant: r.variant,
        status: r.status,
        ...(r.status === "not-applicable" ? { reason: r.reason } : { duration_ms: Math.round(r.durationMs) }),
        ...(r.status !== "not-applicable" && r.deviation !== undefined ? { deviation: r.deviation } : {}),
        ...(r.status === "failed" ? { message: r.message, ...(r.error ? { error: { ...r.error } } : {}) } : {}),
        ...(r.status === "failed" && r.divergence
          ? {
              divergence: {
                step: r.divergence.step,
                label: r.divergence.label,
                path: r.divergence.path,
                expected: formatValue(r.divergence.expected),
                actual: formatValue(r.divergence.actual),
                // Named only when a targeted probe confirmed it (the message says which probe and what it saw).
                cause: r.divergence.clause === undefined ? "not known" : "confirmed by probe",
                ...(r.divergence.clause !== undefined ? { clause: r.divergence.clause, clause_text: CLAUSES[r.divergence.clause] } : {}),
              },
            }
          : {}),
      })),
    };
  }
}

/**
 * A failure's lines with each explanation already printed referred to: the
 * legend (dropped after its first time) and a probe's confirmation block
 * (`confirmed by probe <id> (...), on a fresh saver:`, its finding, its
 * `clause [...]` line), which repeats for every case the same cause explains.
 */
export function explainOnce(lines: readonly string[], explained: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === GRAPH_LEGEND) {
      if (!explained.has(line)) out.push(line);
      explained.add(line);
      continue;
    }
    const probe = /^confirmed by probe (.*), on a fresh saver:$/.exec(line);
    const end = probe ? lines.findIndex((l, j) => j > i && l.startsWith("  clause [")) : -1;
    if (probe === null || end < 0) {
      out.push(line);
      continue;
    }
    const block = lines.slice(i, end + 1);
    const key = block.join("\n");
    out.push(...(explained.has(key) ? [`confirmed by probe ${probe[1]}: as shown above`] : block));
    explained.add(key);
    i = end;
  }
  return out;
}

/** A clause a probe confirmed is the case's cause: every case it explains is grouped under it. */
function confirmedCause(clause: ClauseId | undefined, method: string | undefined): Pick<SectionFailure, "ids" | "confirmed"> {
  if (clause === undefined) return { ids: [] };
  return {
    ids: [],
    confirmed: { key: clause, title: `confirmed by probe (${clause}): ${CLAUSES[clause]}`, ...(method !== undefined ? { method } : {}) },
  };
}
