import { beforeAll, describe, expect, it, vi } from "vitest";
import { describeConformance as describeVitest } from "../../src/adapters/vitest.js";
import { describeConformance as describeNodeTest } from "../../src/adapters/node-test.js";
import {
  ConformanceUsageError,
  validate,
  type Capability,
  type ConformanceReport,
  type RegisteredCheckpointer,
  type ReportDict,
  type ValidateOptions,
} from "../../src/index.js";
import { isCountedFailure } from "../../src/report/conformance-report.js";
import { runInProcess } from "../cli/run-cli-in-process.js";
import { spawnedFixture } from "../cli/spawned-fixture.js";
import { fakeRunner, type RecordedTest } from "./fake-runner.js";
import {
  broken,
  correct,
  ENTRY_CAPABILITIES,
  factoryThrows,
  lateFactory,
  LATE_TIMEOUT_MS,
  listIgnoresLimit,
  losesThread,
  notImplemented,
  skipsList,
} from "./fixtures/entry-savers.js";

const MODULE = spawnedFixture("test/engine/fixtures/entry-savers.ts");
const SAVERS = { correct, broken, notImplemented, factoryThrows } as const;

type Status = "passed" | "failed" | "skipped";

/** What each spec test came to in validate(), as a runner shows it: advisories and declared deviations pass; a capability that did not run skips its tests. */
function expectedStatuses(report: ConformanceReport): Record<string, Status> {
  const out: Record<string, Status> = {};
  for (const cap of ENTRY_CAPABILITIES) {
    const result = report.results[cap]!;
    const ran = new Map(result.tests.map((t) => [t.name, t]));
    for (const name of SPEC_NAMES[cap]) {
      const test = ran.get(name);
      if (result.status === "not-implemented" || result.status === "skipped") out[`${cap} ${name}`] = "skipped";
      else if (!test)
        out[`${cap} ${name}`] = "failed"; // the saver could not be created: every test fails with the reason
      else out[`${cap} ${name}`] = test.status === "skipped" ? "skipped" : isCountedFailure(test) ? "failed" : "passed";
    }
  }
  return out;
}

/** The spec tests of the entry capabilities, as --list prints them (the engine's own selection). */
const SPEC_NAMES: Record<string, string[]> = {};

beforeAll(async () => {
  const listed = await runInProcess(["--list", "--capabilities", ENTRY_CAPABILITIES.join(",")]);
  let cap = "";
  for (const line of listed.stdout.split("\n")) {
    const heading = /^([a-z_]+) \((base|extended)\)/.exec(line);
    if (heading) cap = heading[1];
    const test = /^ {2}(test_\w+)/.exec(line);
    if (test) (SPEC_NAMES[cap] ??= []).push(test[1]);
  }
});

async function adapterStatuses(
  registered: RegisteredCheckpointer,
  capabilities: readonly Capability[] = ENTRY_CAPABILITIES,
  options: Omit<ValidateOptions, "capabilities" | "progress"> = {},
): Promise<{ statuses: Record<string, Status>; tests: RecordedTest[]; hookErrors: string[] }> {
  const runner = fakeRunner();
  describeVitest(registered, { ...options, capabilities, runner: runner.functions });
  // Advisory failures and declared deviations are written to stderr; not needed here.
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const { tests, hookErrors } = await runner.run().finally(() => warn.mockRestore());
  const statuses = Object.fromEntries(
    tests.filter((t) => t.path[1] !== "model").map((t) => [`${t.path[1]} ${t.path[2].split(" ")[0]}`, t.status]),
  );
  return { statuses, tests, hookErrors };
}

describe("one engine behind every entry point", { timeout: 120_000 }, () => {
  it("--list selects the same spec tests as a run", async () => {
    expect(Object.keys(SPEC_NAMES)).toEqual([...ENTRY_CAPABILITIES]);
    const report = await validate(correct, { capabilities: ENTRY_CAPABILITIES });
    for (const cap of ["put", "delete_thread"] as const) expect(report.results[cap]!.tests.map((t) => t.name)).toEqual(SPEC_NAMES[cap]);
  });

  it.each(Object.keys(SAVERS) as (keyof typeof SAVERS)[])(
    "the %s saver: validate(), the CLI and the adapter give the same statuses and counts",
    async (name) => {
      const registered = SAVERS[name];
      const report = await validate(registered, { capabilities: ENTRY_CAPABILITIES });

      const cli = await runInProcess([MODULE, "--export", name, "--capabilities", ENTRY_CAPABILITIES.join(","), "--reporter", "json"]);
      const dict = JSON.parse(cli.stdout) as ReportDict;
      const expectedDict = report.toDict();
      for (const cap of ENTRY_CAPABILITIES) {
        const { status, tests_passed, tests_failed, tests_skipped } = dict.results[cap];
        const want = expectedDict.results[cap];
        expect({ status, tests_passed, tests_failed, tests_skipped }, `${name} › ${cap}`).toEqual({
          status: want.status,
          tests_passed: want.tests_passed,
          tests_failed: want.tests_failed,
          tests_skipped: want.tests_skipped,
        });
      }
      expect(dict.conformance_level).toBe(report.conformanceLevel());
      expect(cli.code).toBe(report.verdict().passed ? 0 : 1);

      const adapter = await adapterStatuses(registered);
      expect(adapter.statuses).toEqual(expectedStatuses(report));
      expect(adapter.hookErrors).toEqual([]);
      // The model mode runs by default everywhere, as one test in a runner.
      // Narrowed to some capabilities, neither runs the model mode unless asked (docs/model.md).
      expect(report.sections.find((section) => section.key === "model")).toBeUndefined();
      expect(adapter.tests.find((t) => t.path[1] === "model")).toBeUndefined();
    },
  );

  it("a saver whose only bug the model mode finds fails in validate(), the CLI and the adapter alike", async () => {
    const options = { capabilities: ["put"] as Capability[], model: { runs: 20, seed: 42 } };
    const report = await validate(listIgnoresLimit, options);
    expect(report.failures()).toEqual([]);
    expect(report.verdict().passed).toBe(false);
    const cli = await runInProcess([MODULE, "--export", "listIgnoresLimit", "--capabilities", "put", "--model", "20", "--seed", "42"]);
    expect(cli.code, cli.stdout + cli.stderr).toBe(1);
    const adapter = await adapterStatuses(listIgnoresLimit, options.capabilities, { model: options.model });
    expect(Object.values(adapter.statuses).every((status) => status === "passed" || status === "skipped")).toBe(true);
    const modelTest = adapter.tests.find((t) => t.path[1] === "model");
    expect(modelTest).toMatchObject({ status: "failed" });
    expect(modelTest!.message).toMatch(/list\(\)/);
    // model: false turns it off in the adapter as in validate().
    const runner = fakeRunner();
    describeVitest(listIgnoresLimit, { ...options, model: false, runner: runner.functions });
    expect((await runner.run()).tests.some((t) => t.path[1] === "model")).toBe(false);
  });

  it("a method that only throws 'not implemented' is not implemented everywhere, never failed", async () => {
    const report = await validate(notImplemented, { capabilities: ENTRY_CAPABILITIES });
    expect(report.results.copy_thread).toMatchObject({
      status: "not-implemented",
      reason: 'copyThread() exists but throws "not implemented" in every test',
    });
    expect(report.verdict().passed).toBe(true);
    const adapter = await adapterStatuses(notImplemented);
    const copy = adapter.tests.filter((t) => t.path[1] === "copy_thread");
    expect(copy.length).toBeGreaterThan(0);
    expect(
      copy.every(
        (t) =>
          t.status === "skipped" &&
          t.message === 'copy_thread not implemented: copyThread() exists but throws "not implemented" in every test',
      ),
    ).toBe(true);
  });

  it.each([
    [
      "losesThread",
      losesThread,
      ["put_writes", "get_tuple"],
      1,
      /not verified \(a test's precondition on a capability that did not fail here failed\): put_writes\n {2}put_writes › test_ord_write_index_past_ten: not checked: precondition failed \(getTuple\(config put returned\) finds the checkpoint after 30 writes: .*\) → see get_tuple/,
    ],
    ["skipsList", skipsList, ["put", "list"], 1, /base capabilities not checked: list/],
    ["notImplemented", notImplemented, ["copy_thread"], 2, /nothing was checked/],
  ] as const)(
    "no failed test, yet no pass: the %s saver fails in validate(), the CLI (supervised and in-process) and the adapter alike",
    async (name, registered, capabilities, exitCode, reason) => {
      const report = await validate(registered, { capabilities });
      expect(report.failures()).toEqual([]);
      expect(report.verdict({ strict: true }).passed).toBe(false);
      for (const env of [{}, { CONFORMANCE_IN_PROCESS: "1" }]) {
        const cli = await runInProcess([MODULE, "--export", name, "--capabilities", capabilities.join(","), "--strict"], env);
        expect(cli.code, `${JSON.stringify(env)}: ${cli.stdout}${cli.stderr}`).toBe(exitCode);
      }
      const adapter = await adapterStatuses(registered, capabilities);
      expect(adapter.tests.filter((t) => t.status === "failed")).toEqual([]);
      expect(adapter.hookErrors).toHaveLength(1);
      expect(adapter.hookErrors[0]).toMatch(reason);
    },
  );

  it("an adapter shard whose slice is empty is no failure, as the CLI's shard exits 0: the other shards check the rest", async () => {
    const runner = fakeRunner();
    describeVitest(correct, { capabilities: ["put"], shard: { index: 2, count: 2 }, runner: runner.functions });
    const { tests, hookErrors } = await runner.run();
    expect(tests).toEqual([]);
    expect(hookErrors).toEqual([]);
    const cli = await runInProcess([MODULE, "--export", "correct", "--capabilities", "put", "--shard", "2/2"]);
    expect(cli.code, cli.stderr).toBe(0);
  });

  it("a factory that throws is NONE and fails every test with its error, never FULL (0/0)", async () => {
    const report = await validate(factoryThrows, { capabilities: ENTRY_CAPABILITIES });
    expect(report.conformanceLevel()).toBe("NONE");
    expect(report.passedAll()).toBe(false);
    expect(report.verdict().resultLine).toBe("Result: NONE (0/3)");
    expect(report.verdict().explanation).toContain(
      "the saver could not be created: the factory failed to produce a saver: cannot connect to db:5432",
    );
    const adapter = await adapterStatuses(factoryThrows);
    expect(adapter.tests.every((t) => t.status === "failed" && t.message!.includes("cannot connect to db:5432"))).toBe(true);
  });

  it("a factory that finishes after its timeout fails, and its late saver is still cleaned up: in validate() and in the adapter", async () => {
    for (const entry of ["validate", "adapter"] as const) {
      const { registered, counts } = lateFactory();
      if (entry === "validate") {
        const report = await validate(registered, { capabilities: ["put"] });
        expect(report.results.put!.tests[0]).toMatchObject({ name: "factory", status: "failed" });
        expect((report.results.put!.tests[0] as { failure: { message: string } }).failure.message).toContain(
          `timed out after ${LATE_TIMEOUT_MS} ms in the factory`,
        );
      } else {
        const runner = fakeRunner();
        describeVitest(registered, { capabilities: ["put"], runner: runner.functions });
        const { tests } = await runner.run();
        expect(
          tests.every((t) => t.status === "failed" && t.message!.includes(`timed out after ${LATE_TIMEOUT_MS} ms in the factory`)),
        ).toBe(true);
      }
      await vi.waitFor(() => expect(counts).toEqual({ created: 1, released: 1 }), { timeout: 20 * LATE_TIMEOUT_MS });
    }
  });

  it.each([
    [{ capabilities: ["bogus"] }, ["--capabilities", "bogus"], /unknown capability .*bogus/],
    [{ timeoutMs: -5 }, ["--timeout", "-5"], /timeout.* must be a positive/i],
    [{ timeoutMs: 2 ** 40 }, ["--timeout", String(2 ** 40)], /must be at most 2147483647 ms/],
    [{ grep: "no_such_spec_test" }, ["--grep", "no_such_spec_test"], /nothing to check: grep .*no_such_spec_test/],
  ] as const)("bogus options %j are a usage error in validate(), the CLI and both adapters", async (options, args, message) => {
    const bad = options as never;
    await expect(validate(correct, bad)).rejects.toThrow(ConformanceUsageError);
    await expect(validate(correct, bad)).rejects.toThrow(message);
    expect(() => describeVitest(correct, { ...(options as object), runner: fakeRunner().functions })).toThrow(message);
    // The node:test adapter checks before it registers anything with node:test.
    expect(() => describeNodeTest(correct, bad)).toThrow(ConformanceUsageError);
    const cli = await runInProcess([MODULE, "--export", "correct", ...args]);
    expect(cli.code).toBe(2);
    expect(cli.stderr.trim().split("\n")).toHaveLength(1);
    if (!String(message).includes("positive")) expect(cli.stderr).toMatch(message);
  });
});
