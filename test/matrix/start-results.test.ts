import { describe, expect, it } from "vitest";
import { memoryBackend } from "../../src/backends/index.js";
import { validate } from "../../src/engine/validate.js";
import type { ConformanceReport } from "../../src/report/conformance-report.js";
import { MatrixRunRecorder } from "../../src/matrix/run-recorder.js";
import { planStart, startProgram, type StartJob } from "../../src/matrix/start-lanes.js";
import { StartResults } from "../../src/matrix/start-results.js";
import { writeStartReport } from "../../src/matrix/start-report.js";
import type { BackendOutcome } from "../../src/reporters/matrix/types.js";
import { renderMatrixTerminal } from "../../src/reporters/matrix/render-terminal.js";

const program = startProgram(false, {});
const plan = planStart(program);
const jobs = [...plan.local, ...plan.workers.flat()];
const column = (id: string, shard?: number): Extract<StartJob, { kind: "column" }> =>
  jobs.find(
    (j): j is Extract<StartJob, { kind: "column" }> =>
      j.kind === "column" && j.section === "savers" && j.id === id && (shard === undefined || j.shard?.index === shard),
  )!;
const skipped = (id: string): BackendOutcome => ({
  status: "skipped",
  id,
  title: program.savers.find((b) => b.id === id)?.title ?? id,
  reason: `${id} is not here`,
});

/** A column's run as a job delivers it: started, its outcome, its matrix. */
function deliver(results: StartResults, job: Extract<StartJob, { kind: "column" }>, outcome: BackendOutcome): void {
  const hooks = results.sink.column(job);
  hooks.onBackendStart?.(results.backendOf(job));
  hooks.onBackendEnd?.(outcome);
  hooks.matrix({ outcomes: [outcome], durationMs: 5 });
}

const run = (shard?: { index: number; count: number }) =>
  validate(memoryBackend.registration(), {
    capabilities: ["put", "get_tuple"],
    model: false,
    graph: false,
    ...(shard ? { shard } : {}),
  }) as Promise<ConformanceReport>;

describe("npm start's results, gathered from its processes", () => {
  it("are written once all are in, in the report's order whichever job delivers first; a sharded column is its shards' reports merged, as one run's", async () => {
    const results = new StartResults(program, jobs);
    let text = "";
    const written = writeStartReport(program, results, { write: (t) => (text += t), details: true });
    const [whole, first, second] = await Promise.all([run(), run({ index: 1, count: 2 }), run({ index: 2, count: 2 })]);
    const ran = (report: ConformanceReport): BackendOutcome => ({
      status: "ran",
      id: "postgres",
      title: "PostgresSaver",
      report,
      durationMs: 1,
    });
    // The kinds' columns first, then postgres's second shard, sqlite, its first shard, memory last.
    for (const job of jobs) if (job.kind === "column" && job.section !== "savers") deliver(results, job, skipped(job.id));
    deliver(results, column("postgres", 2), ran(second));
    deliver(results, column("sqlite"), skipped("sqlite"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(text, "nothing before every job has delivered").toBe("");
    deliver(results, column("postgres", 1), ran(first));
    deliver(results, column("memory"), skipped("memory"));
    expect(await written, "skipped backends do not pass a section that ran nothing").toBe(1);
    const at = (needle: string) => text.indexOf(needle);
    expect(at("\nMemorySaver\nskipped: memory is not here")).toBeGreaterThanOrEqual(0);
    expect(at("\nMemorySaver\n")).toBeLessThan(at("\nSqliteSaver (file)\n"));
    expect(at("\nSqliteSaver (file)\n")).toBeLessThan(at("\nPostgresSaver\n"));
    expect(at("\nPostgresSaver\n")).toBeLessThan(at("Conformance matrix: 1 backend ran, 2 skipped"));
    expect(at("Conformance matrix: 1 backend ran")).toBeLessThan(at("=== Stores: each backend's report"));
    expect(at("=== Stores:")).toBeLessThan(at("=== Caches:"));
    const merged = (await results.matrix("savers")).outcomes[2]!;
    expect(merged.status).toBe("ran");
    const report = (merged as Extract<BackendOutcome, { status: "ran" }>).report;
    expect(report.levelLabel()).toBe(whole.levelLabel());
    expect(Object.keys(report.results).sort()).toEqual(Object.keys(whole.results).sort());
    for (const [capability, result] of Object.entries(whole.results)) {
      expect(
        report.results[capability as keyof typeof report.results]?.tests.map((t) => [t.name, t.status]),
        capability,
      ).toEqual(result!.tests.map((t) => [t.name, t.status]));
    }
  }, 60_000);

  it("a job whose process ended first is its backend's error, with why; the other shard's late report changes nothing", async () => {
    const results = new StartResults(program, jobs);
    deliver(results, column("memory"), skipped("memory"));
    deliver(results, column("sqlite"), skipped("sqlite"));
    results.jobFailed(column("postgres", 1), "npm start's worker process running it ended (killed by SIGKILL) before it finished");
    deliver(results, column("postgres", 2), skipped("postgres"));
    expect(await results.outcome("savers", "postgres")).toMatchObject({
      status: "error",
      error: expect.stringContaining("killed by SIGKILL"),
    });
    expect((await results.matrix("savers")).outcomes.map((o) => o.status)).toEqual(["skipped", "skipped", "error"]);
  });

  it("interrupted while a column runs here and a shard runs in a worker: the finished backends in order, the first running named, the other as running too, the rest not started", () => {
    const recorder = new MatrixRunRecorder(program.savers);
    const results = new StartResults(program, jobs, (section, options) => (section === "savers" ? recorder.watch(options) : options));
    deliver(results, column("memory"), skipped("memory"));
    results.sink.column(column("postgres", 1)).onBackendStart?.(results.backendOf(column("postgres", 1)));
    results.sink.column(column("postgres", 2)).onBackendStart?.(results.backendOf(column("postgres", 2)));
    const partial = recorder.interrupted("SIGINT");
    expect(partial.outcomes.map((o) => o.id)).toEqual(["memory"]);
    expect(partial.interrupted).toMatchObject({ during: { id: "postgres" }, notRun: ["sqlite"] });
    results.sink.column(column("sqlite")).onBackendStart?.(results.backendOf(column("sqlite")));
    const both = recorder.interrupted("SIGINT");
    expect(both.interrupted).toMatchObject({ during: { id: "sqlite" }, alsoRunning: ["postgres"], notRun: [] });
    expect(renderMatrixTerminal(both)).toContain("postgres was running too, in parallel; not in the table either.");
  });
});
