import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteMemoryBackend } from "../../src/backends/sqlite/index.js";
import {
  checkpointerTest,
  ConformanceUsageError,
  mergeReports,
  reportFromJSON,
  reportToJSON,
  validate,
  type ConformanceReport,
  type RegisteredCheckpointer,
  type ReportJSON,
} from "../../src/index.js";
import { REPORTERS } from "../../src/reporters/index.js";
import { plainPalette } from "../../src/reporters/palette.js";
import dropsCustomMetadata from "../mutants/put-drops-custom-metadata.mutant.js";
import { expectUsageError } from "./expect-usage-error.js";
import { inProcessEnv, runInProcess } from "./run-cli-in-process.js";

const COUNT = 3;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const OPTIONS = { graph: false, model: { runs: 6 } } as const;
const dir = mkdtempSync(join(tmpdir(), "shard-merge-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const memory = checkpointerTest({ name: "MemorySaver" }, async function* () {
  yield new MemorySaver();
});
const mutant = checkpointerTest({ name: dropsCustomMetadata.name }, async function* () {
  yield dropsCustomMetadata.create();
});

/** The shards' reports as the CLI writes them (the report-json reporter), read back. */
async function shardReports(registered: RegisteredCheckpointer): Promise<ConformanceReport[]> {
  const reports: ConformanceReport[] = [];
  for (let index = 1; index <= COUNT; index++) {
    const report = await validate(registered, { ...OPTIONS, shard: { index, count: COUNT } });
    expect(report.shard).toEqual({ index, count: COUNT });
    const text = REPORTERS["report-json"].report({ write: () => undefined, palette: plainPalette, env: {} }).render(report);
    reports.push(reportFromJSON(JSON.parse(text)));
  }
  return reports;
}

/** Everything the verdict and the reporters show: verdict, level, Result line, each capability's status and its tests' names and statuses. */
function outcome(report: ConformanceReport) {
  const verdict = report.verdict();
  return {
    passed: verdict.passed,
    strict: report.verdict({ strict: true }).passed,
    level: verdict.level,
    resultLine: verdict.resultLine,
    capabilities: report.capabilityResults().map((r) => ({
      capability: r.capability,
      status: r.status,
      tests: r.tests.map((t) => `${t.name}: ${t.status}`),
    })),
    // Checkpoint ids and run ids are fresh uuids in every run; ids cut short in messages ("checkpoint 1f1edacc…") are time-based.
    failures: report
      .failures()
      .map(
        (f) => `${f.capability} › ${f.test.name}: ${f.test.failure.message.replace(UUID, "<uuid>").replace(/\b[0-9a-f]{8}…/g, "<uuid>…")}`,
      ),
    sections: report.sections.map((s) => ({ key: s.key, passed: s.passed() })),
  };
}

describe.each([
  ["MemorySaver", memory],
  ["SqliteSaver (:memory:)", sqliteMemoryBackend.registration()],
  ["a broken saver (put-drops-custom-metadata)", mutant],
])("%s: 3 shards merged equal the unsharded run", (_name, registered) => {
  it("same verdict, level, Result line, capability statuses, test statuses and failures", async () => {
    const whole = await validate(registered, OPTIONS);
    const shards = await shardReports(registered);
    // Whole capabilities per shard: each one ran in exactly one shard, and every shard had something to do.
    for (const shard of shards) expect(shard.capabilityResults().some((r) => r.status === "passed" || r.status === "failed")).toBe(true);
    const merged = mergeReports(shards);
    expect(outcome(merged)).toEqual(outcome(whole));
    expect(merged.shard).toBeUndefined();
    expect(merged.durationMs).toBeCloseTo(shards.reduce((sum, r) => sum + r.durationMs, 0));
    // The model sequences: each shard ran its own, together the whole run's.
    const executed = shards.map((r) => (r.sections.find((s) => s.key === "model")!.toJSON() as { executed: number }).executed);
    const wholeModel = whole.sections.find((s) => s.key === "model")!.toJSON() as { runs: number; status: string };
    if (wholeModel.status === "passed") expect(executed.reduce((a, b) => a + b, 0)).toBe(wholeModel.runs);
    const { duration_ms: _a, ...mergedModel } = merged.sections.find((s) => s.key === "model")!.toJSON() as Record<string, unknown>;
    const { duration_ms: _b, ...wholeModelRest } = wholeModel as unknown as Record<string, unknown>;
    expect(mergedModel).toEqual(wholeModelRest);
  }, 120_000);
});

it("graph scenarios: whole scenarios per shard, merged back in catalog order", async () => {
  const options = { capabilities: ["put"], model: false, graph: { scenarios: ["G01", "G02", "G03", "G04"] } } as const;
  const whole = await validate(memory, options);
  const shards: ConformanceReport[] = [];
  for (let index = 1; index <= COUNT; index++)
    shards.push(reportFromJSON(reportToJSON(await validate(memory, { ...options, shard: { index, count: COUNT } }))));
  const cases = (report: ConformanceReport) =>
    (report.sections.find((s) => s.key === "graph")!.toJSON() as { cases: { id: string; status: string }[] }).cases.map(
      (c) => `${c.id}: ${c.status}`,
    );
  expect(shards.map((r) => cases(r).length).every((n) => n > 0)).toBe(true);
  const merged = mergeReports(shards);
  expect(cases(merged)).toEqual(cases(whole));
  expect(outcome(merged)).toEqual(outcome(whole));
}, 120_000);

it("a shard that skipped the graph scenarios (no @langchain/langgraph there) cannot hide another shard's failing case", async () => {
  const options = { capabilities: ["put"], grep: "test_put_roundtrip", model: false, graph: { scenarios: ["G01", "G02"] } } as const;
  const shards: ReportJSON[] = [];
  for (let index = 1; index <= 2; index++) shards.push(reportToJSON(await validate(memory, { ...options, shard: { index, count: 2 } })));
  const graphOf = (report: ReportJSON) => report.sections.find((s) => s.key === "graph")!;
  // Shard 1's case failed; shard 2 ran where the graph scenarios could not load.
  const [failing] = (graphOf(shards[0]).state as { results: { status: string; message?: string }[] }).results;
  Object.assign(failing, { status: "failed", message: "getState after the run differs from MemorySaver's" });
  Object.assign(graphOf(shards[1]), {
    state: { results: [], skipped: "Cannot find package '@langchain/langgraph'; the graph scenarios need @langchain/langgraph" },
  });
  expect(reportFromJSON(shards[0]).verdict().passed).toBe(false);
  expect(() => mergeReports(shards.map((s) => reportFromJSON(s)))).toThrow(
    "merge: a shard skipped the graph scenarios (Cannot find package '@langchain/langgraph'; the graph scenarios need @langchain/langgraph) while another ran them; run every shard where @langchain/langgraph loads",
  );
  expect(() => mergeReports(shards.map((s) => reportFromJSON(s)))).toThrow(ConformanceUsageError);
}, 120_000);

it("the broken saver fails merged as unsharded: the metadata tests, at the same level", async () => {
  const merged = mergeReports(await shardReports(mutant));
  expect(merged.verdict().passed).toBe(false);
  expect(merged.failures().map((f) => f.test.name)).toEqual(expect.arrayContaining(["test_put_preserves_metadata"]));
}, 120_000);

describe("checkpoint-conformance merge", () => {
  let files: string[] = [];
  const write = (name: string, value: unknown) => {
    const file = join(dir, name);
    writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
    return file;
  };

  it("renders the merged report with any reporter and exits like the unsharded run", async () => {
    files = (await shardReports(mutant)).map((r, i) => write(`mutant-${i + 1}.json`, reportToJSON(r)));
    const junit = join(dir, "merged.xml");
    const run = await runInProcess(["merge", ...files, "--reporter", "pretty", "--reporter", `junit:${junit}`]);
    expect(run.code, run.stderr).toBe(1);
    const whole = await validate(mutant, OPTIONS);
    expect(run.stdout).toContain(whole.verdict().resultLine);
    expect(readFileSync(junit, "utf8")).toContain("test_put_preserves_metadata");
  }, 120_000);

  it("--reporter github points the merged report's annotations at the saver's module the shards were run on", async () => {
    const shards = [1, 2].map((index) => join(dir, `broken-${index}.json`));
    for (const [i, report] of shards.entries()) {
      const args = [
        "test/cli/fixtures/broken.ts",
        "--capabilities",
        "get_tuple",
        "--model",
        "0",
        "--no-graph",
        "--shard",
        `${i + 1}/2`,
        "--reporter",
        `report-json:${report}`,
      ];
      await runInProcess(args);
      expect(JSON.parse(readFileSync(report, "utf8")).subjectFile).toBe("test/cli/fixtures/broken.ts");
    }
    const run = await runInProcess(["merge", ...shards, "--reporter", "github"]);
    expect(run.code, run.stderr).toBe(1);
    const errors = run.stdout.split("\n").filter((line) => line.startsWith("::error"));
    expect(errors.length).toBeGreaterThan(0);
    for (const line of errors) expect(line).toMatch(/^::error file=test\/cli\/fixtures\/broken\.ts,title=/);
  }, 120_000);

  it("exits 0 on a passing saver's shards", async () => {
    const passing = (await shardReports(memory)).map((r, i) => write(`memory-${i + 1}.json`, reportToJSON(r)));
    const run = await runInProcess(["merge", ...passing, "--reporter", "dots"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
  }, 120_000);

  it("rejects inconsistent inputs with one line, exit 2", async () => {
    const [one, two, three] = files;
    expectUsageError(await runInProcess(["merge", one, two]), "shard 3/3 is missing");
    expectUsageError(await runInProcess(["merge", one, two, two, three]), "shard 2/3 is given 2 times");
    const renamed = write("renamed.json", { ...JSON.parse(readFileSync(three, "utf8")), checkpointerName: "another saver" });
    expectUsageError(await runInProcess(["merge", one, two, renamed]), "different savers");
    const fourShards = write("four.json", { ...JSON.parse(readFileSync(three, "utf8")), shard: { index: 3, count: 4 } });
    expectUsageError(await runInProcess(["merge", one, two, fourShards]), "different shard counts");
    const third = JSON.parse(readFileSync(three, "utf8")) as { run: { version: string } };
    const otherVersion = write("other-version.json", { ...third, run: { ...third.run, version: "0.0.1" } });
    expectUsageError(await runInProcess(["merge", one, two, otherVersion]), "different versions of the suite", "0.0.1 in shard 3/3");
    const otherSeed = write(
      "other-seed.json",
      reportToJSON(await validate(mutant, { ...OPTIONS, model: { runs: 6, seed: 7 }, shard: { index: 3, count: COUNT } })),
    );
    expectUsageError(await runInProcess(["merge", one, two, otherSeed]), "different options: model is", '"seed":7');
    const { run: _run, ...withoutRun } = third;
    expectUsageError(
      await runInProcess(["merge", one, two, write("no-run.json", withoutRun)]),
      "shard 3/3's report does not say which version and options wrote it",
    );
    // Not even when no shard says it: shards of different options (here the model seed) must not merge unchecked.
    const runless = [
      JSON.parse(readFileSync(one, "utf8")),
      JSON.parse(readFileSync(two, "utf8")),
      JSON.parse(readFileSync(otherSeed, "utf8")),
    ].map((r: { run?: unknown }, i) => {
      const { run: _omit, ...rest } = r;
      return write(`runless-${i + 1}.json`, rest);
    });
    expectUsageError(await runInProcess(["merge", ...runless]), "shard 1/3's report does not say which version and options wrote it");
    const python = write("python.json", { checkpointer_name: "x", results: {} });
    expectUsageError(await runInProcess(["merge", one, two, python]), "python.json is not a shard's report");
    expectUsageError(await runInProcess(["merge", one, two, write("text.json", "not json")]), "is not a shard's report");
    const unsharded = write("unsharded.json", reportToJSON(await validate(memory, { ...OPTIONS, capabilities: ["put"] })));
    expectUsageError(await runInProcess(["merge", unsharded]), "is not a shard's report");
    expectUsageError(await runInProcess(["merge"]), "no report given");
    expectUsageError(await runInProcess(["merge", join(dir, "absent.json")]), "cannot read");
  });

  it("a merged run that checked nothing is still a usage error", async () => {
    const reports: string[] = [];
    for (let index = 1; index <= 2; index++) {
      const report = await validate(memory, { graph: false, model: false, capabilities: ["put"], shard: { index, count: 2 } });
      reports.push(write(`put-${index}.json`, reportToJSON(report)));
    }
    // Shard 2 of a one-capability run has nothing to do; that is fine, and the merge checked put.
    expect((await runInProcess(["merge", ...reports, "--reporter", "dots"])).code).toBe(0);
    const empty = JSON.parse(readFileSync(reports[1], "utf8")) as object;
    const nothing = [write("nothing-1.json", { ...empty, shard: { index: 1, count: 2 } }), reports[1]];
    expectUsageError(await runInProcess(["merge", ...nothing, "--reporter", "dots"]), "no shard ran put");
  });
});

it("a shard cut short (the saver's process.exit) merges with the others, and the merge fails", async () => {
  const { runCli } = await import("../../src/cli/run-cli.js");
  const run = async (index: number, env: NodeJS.ProcessEnv) => {
    const report = join(dir, `cut-${index}.json`);
    const args = [
      "test/cli/fixtures/exits-when-asked.ts",
      "--capabilities",
      "put,get_tuple",
      "--model",
      "0",
      "--shard",
      `${index}/2`,
      "--reporter",
      `report-json:${report}`,
    ];
    const quiet = { write: () => true };
    return { code: await runCli(args, { stdout: quiet, stderr: quiet, env: inProcessEnv(args, env), cwd: process.cwd() }), report };
  };
  const cut = await run(1, { EXIT_ON_PUT: "1" });
  const whole = await run(2, {});
  expect([cut.code, whole.code]).toEqual([1, 0]);
  expect(readFileSync(cut.report, "utf8")).toContain("RUN CUT SHORT");
  const merged = await runInProcess(["merge", cut.report, whole.report, "--reporter", "dots"]);
  expect(merged.code, merged.stderr).toBe(1);
}, 120_000);

describe("--shard", () => {
  it("bad values are a usage error, one line, exit 2", async () => {
    for (const value of ["0/3", "4/3", "x", "1/0", "1.5/3"])
      expectUsageError(await runInProcess(["test/cli/fixtures/memory.ts", "--shard", value]), "--shard must be INDEX/COUNT");
    await expect(validate(memory, { shard: { index: 2, count: 1 } })).rejects.toThrow(/option "shard"/);
  });

  it("with --backends, splits by whole backends", async () => {
    const run = await runInProcess([
      "--backends",
      "memory,sqlite-memory",
      "--shard",
      "2/2",
      "--no-graph",
      "--model",
      "0",
      "--reporter",
      "markdown",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("Matrix: sqlite-memory\n");
    const empty = await runInProcess(["--backends", "memory", "--shard", "2/2"]);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain("shard 2/2 has no backend to run");
  }, 60_000);

  it("an empty slice is not a usage error: the shard says it had nothing to do and writes its report", async () => {
    const file = join(dir, "cli-shard-3.json");
    const run = await runInProcess([
      "test/cli/fixtures/memory.ts",
      "--capabilities",
      "put",
      "--shard",
      "3/3",
      "--reporter",
      `report-json:${file}`,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("shard 3/3 had nothing to do");
    expect(reportFromJSON(JSON.parse(readFileSync(file, "utf8"))).shard).toEqual({ index: 3, count: 3 });
  }, 60_000);
});
