import { describe, expect, it } from "vitest";
import { describeConformance as describeVitest } from "../../src/adapters/vitest.js";
import { cacheTest, ConformanceUsageError, storeTest, validate, type ConformanceReport, type ReportDict } from "../../src/index.js";
import { isCountedFailure } from "../../src/report/conformance-report.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { runProcess } from "../adapters/run-process.js";
import { runInProcess } from "../cli/run-cli-in-process.js";
import { nodeTestArgs, spawnedFixture } from "../cli/spawned-fixture.js";
import { fakeRunner } from "./fake-runner.js";
import { memoryCache, memoryStore, nullStore } from "./fixtures/kind-subjects.js";

const MODULE = spawnedFixture("test/engine/fixtures/kind-subjects.ts");
const SUBJECTS = { memoryStore, nullStore, memoryCache } as const;
const OPTIONS = { retries: 0 } as const;

type Status = "passed" | "failed" | "skipped";

/** Each spec test that ran, and each section (a store's model, the behaviour profile), as a runner shows it. */
function statusesOf(report: ConformanceReport): Record<string, Status> {
  const out: Record<string, Status> = {};
  for (const result of report.capabilityResults()) {
    if (result.status === "skipped" && result.excluded) continue;
    for (const test of result.tests)
      out[`${result.capability} ${test.name}`] = test.status === "skipped" ? "skipped" : isCountedFailure(test) ? "failed" : "passed";
  }
  // A section that is no verdict (the behaviour profile: passed() is null) is a skipped test in a runner, its summary the reason.
  for (const section of report.sections)
    out[`${section.key} ${section.key}`] = section.passed() === false ? "failed" : section.passed() === null ? "skipped" : "passed";
  return out;
}

describe("a store and a cache through every entry point", { timeout: 180_000 }, () => {
  it.each(Object.keys(SUBJECTS) as (keyof typeof SUBJECTS)[])(
    "%s: validate(), the supervised CLI, the vitest and node:test adapters give the same verdict",
    async (name) => {
      const registered = SUBJECTS[name];
      const report = await validate(registered, OPTIONS);
      const passed = report.verdict().passed;
      expect(Object.keys(statusesOf(report)).length).toBeGreaterThan(0);

      const cli = await runInProcess([MODULE, "--export", name, "--retries", "0", "--reporter", "json"]);
      expect(cli.code, cli.stderr).toBe(passed ? 0 : 1);
      const dict = JSON.parse(cli.stdout) as ReportDict;
      const expected = report.toDict();
      expect(dict.conformance_level).toBe(expected.conformance_level);
      expect(dict.subject_kind).toBe(registered.subjectKind);
      expect(dict[`${registered.subjectKind}_name`]).toBe(registered.name);
      expect(dict.checkpointer_name).toBeUndefined();
      for (const [cap, want] of Object.entries(expected.results)) {
        const { status, tests_passed, tests_failed, tests_skipped } = dict.results[cap];
        expect({ status, tests_passed, tests_failed, tests_skipped }, `${name} › ${cap}`).toEqual({
          status: want.status,
          tests_passed: want.tests_passed,
          tests_failed: want.tests_failed,
          tests_skipped: want.tests_skipped,
        });
      }

      const runner = fakeRunner();
      describeVitest(registered, { ...OPTIONS, runner: runner.functions });
      const { tests, hookErrors } = await runner.run();
      const adapter = Object.fromEntries(
        tests
          .filter((t) => t.status !== "skipped" || !/not selected|no spec tests|not declared/.test(t.message ?? ""))
          .map((t) => [`${t.path[1]} ${t.path[2].split(" ")[0]}`, t.status]),
      );
      expect(adapter).toEqual(statusesOf(report));
      expect(hookErrors).toEqual([]);

      const node = await runProcess(process.execPath, nodeTestArgs(["test/adapters/fixtures/node/kind-subject.conformance.ts"]), {
        env: { KIND_SUBJECT: name },
      });
      expect(node.code, node.stderr).toBe(passed ? 0 : 1);
      const count = (key: string) => Number(new RegExp(`^# ${key} (\\d+)$`, "m").exec(node.stdout)?.[1]);
      const want = Object.values(statusesOf(report));
      expect({ pass: count("pass"), fail: count("fail") }).toEqual({
        pass: want.filter((s) => s === "passed").length,
        fail: want.filter((s) => s === "failed").length,
      });
    },
  );

  it("a store whose get() always returns null fails ST-01 through the supervised CLI, exit 1", async () => {
    const cli = await runInProcess([MODULE, "--export", "nullStore"]);
    expect(cli.code, cli.stderr).toBe(1);
    expect(cli.stdout).toMatch(/Store Validation: NullStore/);
    expect(cli.stdout).toMatch(/put_get › test_store_put_get_roundtrip/);
    expect(cli.stdout).toMatch(/Result: BASE \(/);
  });

  it("the default export is found (a store registration), and the report's kind survives the lossless JSON round trip", async () => {
    const cli = await runInProcess([MODULE, "--reporter", "json"]);
    expect(cli.code, cli.stderr).toBe(0);
    expect((JSON.parse(cli.stdout) as ReportDict).store_name).toBe("InMemoryStore");
    const report = await validate(memoryCache, OPTIONS);
    const back = reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report))));
    expect(back.subjectKind).toBe("cache");
    expect(back.toDict()).toEqual(report.toDict());
    expect(back.formatReport()).toBe(report.formatReport());
  });

  it("capability ids are checked against the kind's own table", async () => {
    await expect(validate(memoryStore, { capabilities: ["put"] })).rejects.toThrow(
      /nothing to check: no store capability is selected \(known: put_get, namespaces/,
    );
    expect(() => storeTest({ name: "s", skipCapabilities: ["put" as never] }, () => memoryStoreSubject())).toThrow(
      /storeTest\(s\): option "skipCapabilities" has unknown capability string "put"; known: put_get/,
    );
    expect(() => cacheTest({ name: "c", ttl: "yes" as never }, () => memoryStoreSubject())).toThrow(ConformanceUsageError);
    const report = await validate(memoryStore, { capabilities: ["put_get", "put"] });
    expect(report.results.put_get?.status).toBe("passed");
    const cli = await runInProcess([MODULE, "--export", "memoryCache", "--skip", "clear"]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/✅ get_set/);
  });

  it("a factory that yields something else is told what it must yield", async () => {
    const report = await validate(
      storeTest({ name: "NotAStore" }, () => ({ nope: true }) as never),
      OPTIONS,
    );
    expect(report.failures()[0]?.test.failure.message).toMatch(
      /storeTest\(NotAStore\): the factory must yield a BaseStore, but it returned/,
    );
  });
});

function memoryStoreSubject(): never {
  throw new Error("never called: registration fails first");
}
