import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { checkpointerTest, ProgressHookError, validate, type AnyRegistration } from "../../src/index.js";
import { renderJunit } from "../../src/reporters/junit.js";
import { planSuite } from "../../src/engine/suite.js";
import { inProcessEnv, runInProcess } from "../cli/run-cli-in-process.js";
import { REPO_ROOT } from "../cli/run-cli-process.js";
import { spawnedFixture } from "../cli/spawned-fixture.js";
import { memoryCache, memoryStore } from "./fixtures/kind-subjects.js";

/** MemorySaver, counting the savers its factory yields and the cleanups that ran. */
function countedMemory() {
  const counts = { created: 0, cleaned: 0 };
  const registered = checkpointerTest({ name: "MemorySaver" }, async function* () {
    counts.created++;
    yield new MemorySaver();
    counts.cleaned++;
  });
  return { registered, counts };
}

const OPTIONS = { capabilities: ["put", "delete_thread"], model: false, retries: 0 } as const;

describe("our errors are ours: a throwing progress hook, reporter or output is an error of the tool, never the saver's (issue 38)", {
  timeout: 180_000,
}, () => {
  it("validate(): a progress hook that throws rejects with ProgressHookError naming the hook, after the run ended and cleaned up; the saver's results are unaffected", async () => {
    const { registered, counts } = countedMemory();
    let calls = 0;
    const error = await validate(registered, {
      ...OPTIONS,
      progress: {
        onTestResult() {
          calls++;
          throw new Error("reporter bug");
        },
      },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProgressHookError);
    const hookError = error as ProgressHookError;
    expect(hookError.hook).toBe("onTestResult");
    expect(hookError.message).toMatch(
      /^the progress hooks given to validate\(\): onTestResult threw: reporter bug; this is an error of the hooks, not of the saver/,
    );
    // The hook is not called again once it threw, and the saver is judged on its own results.
    expect(calls).toBe(1);
    expect(hookError.report.results.delete_thread?.status).toBe("passed");
    expect(hookError.report.results.put?.status).toBe("passed");
    expect(hookError.report.errors).toEqual([]);
    expect(hookError.report.verdict().passed).toBe(true);
    expect(counts.created).toBeGreaterThan(0);
    expect(counts.cleaned).toBe(counts.created);
  });

  it("validate(): a hook whose promise rejects is the hook's error too, not the saver's unhandled rejection", async () => {
    const error = await validate(countedMemory().registered, {
      ...OPTIONS,
      progress: { onCapabilityEnd: (async () => Promise.reject(new Error("async reporter bug"))) as () => void },
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProgressHookError);
    expect((error as ProgressHookError).hook).toBe("onCapabilityEnd");
    expect((error as ProgressHookError).report.errors).toEqual([]);
    expect((error as ProgressHookError).report.verdict().passed).toBe(true);
  });

  it("the adapters' suite: a throwing hook leaves the spec tests' outcomes alone and fails the suite's last hook, naming the hook", async () => {
    const suite = planSuite(countedMemory().registered, OPTIONS, "describeConformance", {
      onTestResult() {
        throw new Error("adapter hook bug");
      },
    });
    for (const capability of suite.capabilities) {
      await capability.run();
      for (const test of capability.tests)
        expect(capability.outcome(test.name).kind, `${capability.capability} › ${test.name}`).not.toBe("failed");
    }
    expect(await suite.verdictFailure()).toMatch(
      /^describeConformance's progress hooks: onTestResult threw: adapter hook bug: an error of checkpoint-conformance, not of the saver/,
    );
  });

  it.each([
    ["supervised", {}],
    ["in-process", { CONFORMANCE_IN_PROCESS: "1" }],
  ])("the CLI (%s): an output that throws on write exits 2, naming the error as the tool's, not the saver's", async (_where, env) => {
    const args = [spawnedFixture("test/cli/fixtures/memory.ts"), "--capabilities", "put,delete_thread", "--model", "0", "--retries", "0"];
    let stderr = "";
    const code = await runCli(args, {
      stdout: {
        write: () => {
          throw new Error("EPIPE: the output is gone");
        },
      },
      stderr: { write: (t: string) => (stderr += t) },
      env: inProcessEnv(args, env),
      cwd: REPO_ROOT,
    });
    expect(code, stderr).toBe(2);
    expect(stderr).toMatch(/an error of checkpoint-conformance itself, not of the saver/);
    expect(stderr).toMatch(/EPIPE: the output is gone/);
    expect(stderr).not.toMatch(/delete_thread: failed|Result: NONE/);
  });
});

/** Each JUnit suite of a document by name, with its test case names in order. */
function junitCases(xml: string): Record<string, string[]> {
  const parsed = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    isArray: (name) => name === "testsuite" || name === "testcase",
  }).parse(xml) as {
    testsuites: { testsuite: { name: string; testcase?: { name: string }[] }[] };
  };
  return Object.fromEntries(parsed.testsuites.testsuite.map((s) => [s.name, (s.testcase ?? []).map((c) => c.name)]));
}

describe("the spec list travels with the report: every entry point's JUnit lists the same tests for every kind (issue 38)", {
  timeout: 180_000,
}, () => {
  const MODULE = spawnedFixture("test/engine/fixtures/kind-subjects.ts");
  it.each([
    ["memoryStore", memoryStore, "put_get", "ttl"],
    ["memoryCache", memoryCache, "get_set", "ttl"],
  ] as [string, AnyRegistration, string, string][])(
    "%s: validate()'s JUnit lists the capabilities that did not run as the CLI's does",
    async (name, registered, only, notRun) => {
      const report = await validate(registered, { capabilities: [only as never], retries: 0 });
      const inProcess = junitCases(renderJunit(report));
      const cli = await runInProcess([MODULE, "--export", name, "--capabilities", only, "--retries", "0", "--reporter", "junit"]);
      expect(cli.code, cli.stderr).toBe(0);
      const supervised = junitCases(cli.stdout);
      expect(inProcess[notRun]!.length).toBeGreaterThan(0);
      expect(inProcess).toEqual(supervised);
      // Merged back from the lossless report, the list is still there.
      const { reportFromJSON, reportToJSON } = await import("../../src/sections/report-json.js");
      expect(junitCases(renderJunit(reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report))))))).toEqual(inProcess);
    },
  );
});
