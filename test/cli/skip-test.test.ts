import { describe, expect, it } from "vitest";
import { validate } from "../../src/engine/validate.js";
import { cacheTest, checkpointerTest, storeTest } from "../../src/index.js";
import { InMemoryStore } from "@langchain/langgraph-checkpoint";
import { ConformanceUsageError } from "../../src/util/errors.js";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { SKIPPED_BY_OPTION } from "../../src/engine/run-spec-test.js";
import { specFor } from "../../src/kinds/checkpointer/checks/index.js";
import { expectUsageError } from "./expect-usage-error.js";
import { runInProcess } from "./run-cli-in-process.js";
import { FIXTURES, runCliProcess } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";

const SAVER = spawnedFixture(`${FIXTURES}/aborts-on-one-test.ts`);
const ABORTING_TEST = "test_put_writes_defaults_missing_namespace";

describe("--skip-test / skipTests: leave out one spec test, see the rest", () => {
  it("a saver that aborts its process on one test: that test fails (a fresh process runs the rest); with --skip-test NAME the test is reported skipped", async () => {
    // Serial: at the default concurrency the crash is found by running the tests in flight alone, one process each (crash-resume.test.ts).
    const cut = await runCliProcess([SAVER, "--capabilities", "put_writes", "--model", "0", "--concurrency", "1"]);
    expect(cut.stdout).toContain(`exited with code 134 during put_writes › ${ABORTING_TEST}`);
    expect(cut.stdout).not.toContain("RUN CUT SHORT");
    expect(cut.code).toBe(1);
    const rest = await runCliProcess([
      SAVER,
      "--capabilities",
      "put_writes",
      "--model",
      "0",
      "--skip-test",
      ABORTING_TEST,
      "--reporter",
      "verbose",
    ]);
    expect(rest.stdout).toContain("Result: FULL (1/1)");
    expect(rest.stdout).toMatch(new RegExp(`- ${ABORTING_TEST}.*left out by skipTests`));
    expect(rest.code, rest.stderr).toBe(0);
  });

  it("by catalog id: every test that checks it is left out", async () => {
    const registered = checkpointerTest({ name: "Memory" }, () => new MemorySaver());
    const report = await validate(registered, { capabilities: ["put_writes"], skipTests: ["JS-07"], model: false });
    const skipped = report.results.put_writes!.tests.filter((t) => t.status === "skipped");
    const checkingJs07 = specFor("put_writes")!
      .tests.filter((t) => t.ids.includes("JS-07"))
      .map((t) => t.name);
    expect(checkingJs07).toContain(ABORTING_TEST);
    expect(skipped.map((t) => t.name)).toEqual(checkingJs07);
    expect(new Set(skipped.map((t) => t.status === "skipped" && t.reason))).toEqual(new Set([SKIPPED_BY_OPTION]));
  });

  it("as a registration option: checkpointerTest({ skipTests }) leaves the tests out of every run, with validate()'s skipTests added", async () => {
    const registered = checkpointerTest({ name: "Memory", skipTests: [ABORTING_TEST] }, () => new MemorySaver());
    const skippedBy = async (options: { skipTests?: string[] }) => {
      const report = await validate(registered, { capabilities: ["put_writes"], model: false, ...options });
      return report.results.put_writes!.tests.filter((t) => t.status === "skipped" && t.reason === SKIPPED_BY_OPTION).map((t) => t.name);
    };
    expect(await skippedBy({})).toEqual([ABORTING_TEST]);
    const other = specFor("put_writes")!.tests.find((t) => t.name !== ABORTING_TEST)!.name;
    expect(new Set(await skippedBy({ skipTests: [other] }))).toEqual(new Set([ABORTING_TEST, other]));
  });

  it("storeTest and cacheTest take skipTests too; a misused one is a clear error naming the registration", async () => {
    const store = storeTest({ name: "Store", skipTests: ["ST-01"] }, () => new InMemoryStore());
    const storeReport = await validate(store, { capabilities: ["put_get"], model: false });
    expect(storeReport.results.put_get!.tests.some((t) => t.status === "skipped" && t.reason === SKIPPED_BY_OPTION)).toBe(true);
    expect(() => cacheTest({ name: "Cache", skipTests: "CA-01" as never }, () => undefined as never)).toThrow(
      /cacheTest\(Cache\): option "skipTests" must be an array of spec test names or catalog ids/,
    );
    const typo = checkpointerTest({ name: "Typo", skipTests: ["test_nope"] }, () => new MemorySaver());
    await expect(validate(typo, { capabilities: ["put"], model: false })).rejects.toThrow(ConformanceUsageError);
    await expect(validate(typo, { capabilities: ["put"], model: false })).rejects.toThrow(
      /checkpointerTest\(Typo\): option "skipTests" names no spec test: "test_nope"/,
    );
  });

  it("a name or id that is no spec test is bad usage (exit 2), not a silent no-op", async () => {
    expectUsageError(
      await runInProcess([SAVER, "--skip-test", "test_put_writes_defaults_missing_namespac"]),
      'option "skipTests" names no spec test: "test_put_writes_defaults_missing_namespac"',
      "--list",
    );
  });
});
