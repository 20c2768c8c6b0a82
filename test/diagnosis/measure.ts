import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { validate, type ConformanceReport } from "../../src/index.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { KIND_DESCRIPTORS } from "../../src/kinds/descriptors.js";
import type { KindDescriptor } from "../../src/kinds/types.js";
import type { FailureCause } from "../../src/diagnosis/causes/group.js";
import { contradictions } from "../../src/diagnosis/causes/consistency.js";
import type { SingleBugSaver } from "./single-bug-savers.js";

/** What the report told the author of one single-bug saver. */
export interface Diagnosis {
  saver: SingleBugSaver;
  report: ConformanceReport;
  /** Counted failures (spec, model, graph). */
  failures: number;
  causes: FailureCause[];
  /** The method the first cause names, if any. */
  firstMethod?: string;
  /** The first cause names a method the bug is in. */
  namesBrokenMethod: boolean;
  /** What any cause's title says that its own evidence does not (src/diagnosis/causes/consistency.ts). */
  contradictions: string[];
}

/**
 * The saver's default run (spec suites and the model's 20 sequences; a graph
 * mutant's own scenarios too), without retries, and its causes. With `cache`,
 * a folder: the report is read from it when there (the causes are computed
 * from the report's data, so a change to the grouping is measured in seconds),
 * else run and written there.
 */
export async function diagnose(saver: SingleBugSaver, options: { timeoutMs?: number; cache?: string } = {}): Promise<Diagnosis> {
  const file = options.cache === undefined ? undefined : cachedReportFile(options.cache, saver);
  const report =
    file !== undefined && existsSync(file)
      ? reportFromJSON(JSON.parse(readFileSync(file, "utf8")))
      : await run(saver, options.timeoutMs ?? 2_000);
  if (file !== undefined && !existsSync(file)) {
    mkdirSync(options.cache!, { recursive: true });
    writeFileSync(file, JSON.stringify(reportToJSON(report)));
  }
  return diagnosisOf(saver, report);
}

/** `diagnose` of each saver, one after another (each is a whole default run). */
export async function diagnoseEach(savers: readonly SingleBugSaver[]): Promise<Diagnosis[]> {
  const diagnoses: Diagnosis[] = [];
  for (const saver of savers) diagnoses.push(await diagnose(saver));
  return diagnoses;
}

/** Where `diagnose` keeps a saver's report in a cache folder. */
export function cachedReportFile(cache: string, saver: SingleBugSaver): string {
  return join(cache, `${saver.id.replace(/[^\w.-]/g, "_")}.json`);
}

async function run(saver: SingleBugSaver, timeoutMs: number): Promise<ConformanceReport> {
  const { registered, options } = saver.register();
  return validate(registered, { timeoutMs, retries: 0, ...options });
}

/** What the report's causes say about the saver's one bug. */
export function diagnosisOf(saver: SingleBugSaver, report: ConformanceReport): Diagnosis {
  const causes = report.causes();
  const kind = KIND_DESCRIPTORS[report.subjectKind];
  const firstMethod = causes[0] ? methodOfCause(causes[0], kind) : undefined;
  return {
    saver,
    report,
    failures: causes.reduce((n, c) => n + c.failures.length, 0),
    causes,
    ...(firstMethod !== undefined ? { firstMethod } : {}),
    namesBrokenMethod: firstMethod !== undefined && saver.methods.includes(firstMethod),
    contradictions: causes.flatMap((c) => contradictions(c, kind)),
  };
}

/** The method a cause names: its own `method`, else the method of its first failure's capability or of the operation that threw. */
export function methodOfCause(cause: FailureCause, kind: KindDescriptor = KIND_DESCRIPTORS.checkpointer): string | undefined {
  const named = (cause as { method?: string }).method;
  if (named !== undefined) return named;
  const first = cause.failures[0];
  if (first.error?.method) return first.error.method.replace(/\(\)$/, "");
  if (first.spec) return kind.capabilities.find((c) => c.id === first.spec!.capability)?.method;
  if (kind.causeMethods.operationSections.includes(first.section)) return first.name.replace(/\(\).*$/, "");
  return undefined;
}

/** Buckets of causes per bug: `1`, `2`, … `5`, `6+`. */
export function causeCountBuckets(diagnoses: readonly Diagnosis[]): Map<string, number> {
  const buckets = new Map<string, number>(["1", "2", "3", "4", "5", "6+"].map((k) => [k, 0]));
  for (const d of diagnoses) {
    const key = d.causes.length >= 6 ? "6+" : String(d.causes.length);
    buckets.set(key, (buckets.get(key) ?? 0) + 1);
  }
  return buckets;
}
