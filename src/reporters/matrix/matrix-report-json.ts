import type { Shard } from "../../runtime/shard.js";
import type { RunIdentity } from "../../engine/run-identity.js";
import { reportFromJSON, reportToJSON, type ReportJSON } from "../../sections/report-json.js";
import type { BackendOutcome, MatrixInterruption, MatrixResult } from "./types.js";

const FORMAT = "checkpoint-conformance-matrix/1";

/**
 * A matrix run (`--backends`) as lossless JSON, what `--reporter report-json`
 * writes for it: every backend's outcome with its full report (`reportToJSON`),
 * plus what `checkpoint-conformance merge` needs to combine the shards of a
 * split matrix: the run's identity, every backend of the whole run in order,
 * and the shard.
 */
export interface MatrixReportJSON {
  format: typeof FORMAT;
  run: RunIdentity;
  /** Every backend of the unsharded run, in its order (a shard runs some of them). */
  backends: { id: string; title: string }[];
  shard?: Shard;
  outcomes: OutcomeJSON[];
  durationMs: number;
  postgres?: MatrixResult["postgres"];
  interrupted?: MatrixInterruption;
}

export type OutcomeJSON =
  | Exclude<BackendOutcome, { status: "ran" }>
  | (Omit<Extract<BackendOutcome, { status: "ran" }>, "report"> & { report: ReportJSON });

/** What a matrix report file holds, read back. */
export interface MatrixReportFile {
  result: MatrixResult;
  run: RunIdentity;
  backends: readonly { id: string; title: string }[];
  shard?: Shard;
}

export function matrixReportToJSON({ result, run, backends, shard }: MatrixReportFile): MatrixReportJSON {
  return {
    format: FORMAT,
    run,
    backends: backends.map(({ id, title }) => ({ id, title })),
    ...(shard ? { shard: { ...shard } } : {}),
    outcomes: result.outcomes.map(outcomeToJSON),
    durationMs: result.durationMs,
    ...(result.postgres ? { postgres: { ...result.postgres } } : {}),
    ...(result.interrupted ? { interrupted: result.interrupted } : {}),
  };
}

export function isMatrixReportJSON(value: unknown): value is MatrixReportJSON {
  const v = value as Partial<MatrixReportJSON> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    v.format === FORMAT &&
    Array.isArray(v.outcomes) &&
    Array.isArray(v.backends) &&
    typeof v.run === "object"
  );
}

/** The matrix a `matrixReportToJSON()` value describes; throws on anything else (a backend's report included). */
export function matrixReportFromJSON(value: unknown): MatrixReportFile {
  if (!isMatrixReportJSON(value)) throw new TypeError(`not a matrix report (expected format "${FORMAT}")`);
  const outcomes = value.outcomes.map(outcomeFromJSON);
  return {
    result: {
      outcomes,
      durationMs: value.durationMs,
      ...(value.postgres ? { postgres: value.postgres } : {}),
      ...(value.interrupted ? { interrupted: value.interrupted } : {}),
    },
    run: value.run,
    backends: value.backends,
    ...(value.shard ? { shard: value.shard } : {}),
  };
}

/** One backend's outcome as JSON, its report lossless (`reportToJSON`). */
export function outcomeToJSON(outcome: BackendOutcome): OutcomeJSON {
  return outcome.status === "ran" ? { ...outcome, report: reportToJSON(outcome.report) } : { ...outcome };
}

/** The outcome an `outcomeToJSON()` value describes, its report revived. */
export function outcomeFromJSON(outcome: OutcomeJSON): BackendOutcome {
  return outcome.status === "ran" ? { ...outcome, report: reportFromJSON(outcome.report) } : outcome;
}

/** `matrixReportToJSON` as indented text. */
export function renderMatrixReportJson(file: MatrixReportFile): string {
  return `${JSON.stringify(matrixReportToJSON(file), null, 2)}\n`;
}
