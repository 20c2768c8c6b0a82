import type { ReportSection, SectionFailure, SectionLinesOptions } from "../../../report/conformance-report.js";
import type { ModelFailure, ModelRunResult } from "./run-model.js";
import { slowCallText } from "../../../runtime/slow-call.js";

/** The MODEL section of a report: the outcome of the model-based runs. */
export class ModelReportSection implements ReportSection {
  readonly key = "model";

  constructor(readonly result: ModelRunResult) {}

  state(): ModelRunResult {
    return this.result;
  }

  passed(): boolean {
    return this.result.status === "passed";
  }

  /** `model 20/20` (sequences without a disagreement), `+N known deviations` for declared behaviours that occurred; `model FAILED (put())`. */
  summary(): string {
    const r = this.result;
    if (r.status === "error")
      return r.interrupted ? `model INCOMPLETE (time limit: ${r.runs} of ${r.requestedRuns})` : "model could not run";
    if (r.status === "failed") return `model FAILED (${r.failure?.operation ?? "a disagreement"})`;
    const occurred = r.declared.filter((d) => d.occurrences > 0).length;
    const declared = occurred > 0 ? ` +${occurred} known deviation${occurred === 1 ? "" : "s"}` : "";
    const stopped = r.interrupted ? ` (time limit: ${r.runs} of ${r.requestedRuns})` : "";
    return `model ${r.runs}/${r.runs}${declared}${stopped}`;
  }

  /** The disagreement (or the error that kept the run from running), for grouping by cause. */
  failures(): SectionFailure[] {
    const r = this.result;
    if (r.status === "error") {
      const [description, what] = r.interrupted
        ? ["the model run was cut short by its time limit", "incomplete"]
        : ["the model run could not run", "could not run"];
      return [{ name: "run", ids: [], description, message: `${what}: ${r.error ?? ""}`, ...(r.thrown ? { error: r.thrown } : {}) }];
    }
    const f = r.failure;
    if (r.status !== "failed" || !f) return [];
    const description = "random operation sequences checked against the reference model";
    // A probe on a fresh saver confirmed the operation at fault (the cause lines say which): the report blames it for the reads of its data too.
    const confirmed = f.cause[0]?.startsWith("confirmed by probe")
      ? { confirmed: { key: `${f.operation} ${f.id}`, title: `${f.operation} ${f.cause[0]}`, method: f.operation } }
      : {};
    return [
      {
        name: f.operation,
        ids: f.ids,
        description,
        message: [`${f.operation} disagrees with the model`, ...f.lines].join("\n"),
        ...(f.error ? { error: f.error } : {}),
        ...confirmed,
      },
    ];
  }

  lines(options: SectionLinesOptions = {}): string[] {
    const r = this.result;
    const seconds = (r.durationMs / 1000).toFixed(1);
    const extended = r.extended.length > 0 ? ` (with ${r.extended.join(", ")})` : "";
    const stopped = r.interrupted ? `, stopped by the time limit after ${r.runs} of ${r.requestedRuns}` : "";
    const seed = r.seedDrawn ? `seed ${r.seed}, drawn at random` : `seed ${r.seed}`;
    const out = ["MODEL (random operation sequences checked against the reference model)"];
    const count = r.shard
      ? `${r.executed ?? 0} of ${r.runs} sequences (shard ${r.shard.index}/${r.shard.count}; the others run in the other shards)`
      : `${r.runs} sequences`;
    if (r.status === "passed") out.push(`  ✅ ${count}${extended}, no disagreement (${seed}${stopped}, ${seconds} s)`);
    if (r.status === "passed" && r.seedDrawn) {
      out.push(
        `  replay: validate(registered, { model: { seed: ${r.seed}, runs: ${r.requestedRuns} } })  or: --model ${r.requestedRuns} --seed ${r.seed}`,
      );
    }
    const errorCause = r.status === "error" ? options.causeOf?.("run") : undefined;
    if (r.status === "error")
      out.push(
        errorCause !== undefined
          ? `  ❌ ${r.interrupted ? "incomplete" : "could not run"}: ${errorCause}`
          : `  ❌ ${r.interrupted ? "incomplete" : "could not run"}: ${r.error}`,
      );
    for (const slow of r.slowUnderLoad ?? []) out.push(`  ⚠ slow under load: ${slowCallText(slow)}`);
    for (const d of r.declared) {
      const seen = d.occurrences > 0 ? `occurred ${d.occurrences}×` : "did not occur";
      out.push(`  ⚑ declared ${d.behaviour} [${d.ids.join(", ")}]: ${seen}; ${d.reason}`);
    }
    const f = r.failure;
    if (f) {
      // Under its cause, the comparison is shown once with the cause; the probes, reproduction and replay are the model's own.
      const cause = options.causeOf?.(f.operation);
      const observed = f.observedBy ? ` (seen in the answer of ${f.observedBy})` : "";
      out.push(
        `  ❌ ${f.operation} disagrees with the model after ${r.runs} sequence(s)${extended} [${f.id}]${observed}${cause !== undefined ? `: ${cause}` : ""}`,
      );
      if (cause === undefined) out.push(...f.lines.map((l) => `     ${l}`));
      out.push(...f.cause.map((l) => `     ${l}`));
      out.push(`  minimal reproduction (${shrunkText(f)}):`);
      out.push(...f.reproduction.split("\n").map((l) => `     ${l}`));
      out.push(`  replay: validate(registered, { model: { seed: ${f.seed}, path: ${JSON.stringify(f.path)} } })`);
      out.push(`      or: npx checkpoint-conformance <your-saver-module> --model 1 --seed ${f.seed} --path ${JSON.stringify(f.path)}`);
    }
    return out;
  }

  toJSON(): unknown {
    const {
      status,
      runs,
      requestedRuns,
      seed,
      seedDrawn,
      interrupted,
      extended,
      declared,
      failure,
      error,
      shard,
      executed,
      slowUnderLoad,
    } = this.result;
    return {
      status,
      passed: this.passed(),
      runs,
      requested_runs: requestedRuns,
      seed,
      seed_drawn: seedDrawn,
      interrupted,
      extended,
      declared: declared.map((d) => ({
        behaviour: d.behaviour,
        ids: d.ids,
        reason: d.reason,
        occurrences: d.occurrences,
        example: d.example,
      })),
      ...(failure ? { failure: { ...failure } } : {}),
      ...(error ? { error } : {}),
      ...(shard ? { shard, executed } : {}),
      ...(slowUnderLoad
        ? { slow_under_load: slowUnderLoad.map((c) => ({ call: c.call, took_ms: Math.round(c.tookMs), timeout_ms: c.timeoutMs })) }
        : {}),
      duration_ms: Math.round(this.result.durationMs),
    };
  }
}

/** How the reproduction was shrunk: by fast-check, then by replaying without calls on fresh savers. */
export function shrunkText(f: ModelFailure): string {
  const replayed =
    f.removedByReplay > 0
      ? `, then ${f.removedByReplay} more call${f.removedByReplay === 1 ? "" : "s"} removed by replaying without them on fresh savers`
      : "";
  return `shrunk ${f.shrinks}× by fast-check${replayed}`;
}
