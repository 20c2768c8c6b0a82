import type { ReportSection, SectionFailure, SectionLinesOptions } from "../../../report/types.js";
import type { StoreModelResult } from "./run-store-model.js";

export const STORE_MODEL_TITLE = "STORE MODEL (random store call sequences checked against the reference model)";

/** The STORE MODEL section of a store's report: the outcome of runStoreModel on fresh stores from the registration. */
export class StoreModelReportSection implements ReportSection {
  readonly key = "store_model";

  constructor(readonly result: StoreModelResult) {}

  state(): StoreModelResult {
    return this.result;
  }

  passed(): boolean {
    return this.result.status === "passed";
  }

  /** `store model 20/20`, `+N known deviations` for declared behaviours that occurred; `store model FAILED (search())`. */
  summary(): string {
    const r = this.result;
    if (r.status === "error") return "store model could not run";
    if (r.status === "failed") return `store model FAILED (${r.failure?.operation ?? "a disagreement"})`;
    const occurred = occurredCount(r);
    return `store model ${r.sequences}/${r.sequences}${occurred > 0 ? ` +${occurred} known deviation${occurred === 1 ? "" : "s"}` : ""}`;
  }

  failures(): SectionFailure[] {
    const r = this.result;
    if (r.status === "error")
      return [{ name: "run", ids: [], description: "the store model run could not run", message: `could not run: ${r.error ?? ""}` }];
    const f = r.failure;
    if (r.status !== "failed" || !f) return [];
    const description = "random store call sequences checked against the reference model";
    return [
      {
        name: f.operation,
        ids: f.ids,
        description,
        message: [`${f.operation} disagrees with the model`, ...f.lines].join("\n"),
        ...(f.error ? { error: f.error } : {}),
      },
    ];
  }

  lines(options: SectionLinesOptions = {}): string[] {
    const r = this.result;
    const seconds = (r.durationMs / 1000).toFixed(1);
    const seed = r.seedDrawn ? `seed ${r.seed}, drawn at random` : `seed ${r.seed}`;
    const out = [STORE_MODEL_TITLE];
    if (r.status === "passed") out.push(`  ✅ ${r.sequences} sequences, no disagreement (${seed}, ${seconds} s)`);
    if (r.status === "error") {
      const cause = options.causeOf?.("run");
      out.push(`  ❌ could not run: ${cause ?? r.error}`);
    }
    for (const d of r.declared) {
      out.push(
        `  ⚑ declared ${d.behaviour}${d.tests.length > 0 ? ` [${d.tests.join(", ")}]` : ""}: ${d.occurrences > 0 ? `occurred ${d.occurrences}×` : "did not occur"}; ${d.reason}`,
      );
      if (d.example !== undefined) out.push(`     e.g. ${d.example}`);
    }
    const f = r.failure;
    if (f) {
      const cause = options.causeOf?.(f.operation);
      out.push(
        `  ❌ ${f.operation} disagrees with the model after ${r.sequences} sequence(s) [${f.id}]${cause !== undefined ? `: ${cause}` : ""}`,
      );
      if (cause === undefined) out.push(...f.lines.map((l) => `     ${l}`));
      out.push(
        `  minimal reproduction (${f.calls} call${f.calls === 1 ? "" : "s"}; shrunk ${f.shrinks}× by fast-check, then ${f.removedByReplay} removed by replaying without them):`,
      );
      out.push(...f.reproduction.split("\n").map((l) => `     ${l}`));
    }
    if (r.status === "failed" || r.seedDrawn)
      out.push(
        `  replay: validate(registered, { model: { seed: ${r.seed}, runs: ${r.requestedSequences} } })  or: --model ${r.requestedSequences} --seed ${r.seed}`,
      );
    return out;
  }

  toJSON(): unknown {
    const r = this.result;
    return {
      status: r.status,
      passed: this.passed(),
      sequences: r.sequences,
      requested_sequences: r.requestedSequences,
      seed: r.seed,
      seed_drawn: r.seedDrawn,
      max_calls: r.maxCalls,
      label_characters: r.labelCharacters,
      declared: r.declared.map((d) => ({
        behaviour: d.behaviour,
        tests: d.tests,
        reason: d.reason,
        occurrences: d.occurrences,
        example: d.example,
      })),
      ...(r.failure ? { failure: { ...r.failure } } : {}),
      ...(r.error ? { error: r.error } : {}),
      duration_ms: Math.round(r.durationMs),
    };
  }
}

/** Declared behaviours that changed an answer at least once. */
export function occurredCount(r: StoreModelResult): number {
  return r.declared.filter((d) => d.occurrences > 0).length;
}
