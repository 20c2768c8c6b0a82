import { describe, expect, it } from "vitest";
import { describeConformance as describeVitest } from "../../src/adapters/vitest.js";
import { validate, type AnyRegistration } from "../../src/index.js";
import { runInProcess } from "../cli/run-cli-in-process.js";
import { spawnedFixture } from "../cli/spawned-fixture.js";
import { fakeRunner } from "./fake-runner.js";
import { copyThreadNoop, millisecondTtl, millisecondTtlUndeclared } from "./fixtures/offered-but-broken.js";

const MODULE = spawnedFixture("test/engine/fixtures/offered-but-broken.ts");

/** Each subject, the capabilities its run selects (the broken extended one among them), and the broken one. */
const SUBJECTS: readonly [name: string, registered: AnyRegistration, capabilities: readonly string[] | undefined, broken: string][] = [
  ["copyThreadNoop", copyThreadNoop, ["delete_thread", "copy_thread"], "copy_thread"],
  ["millisecondTtl", millisecondTtl, undefined, "ttl"],
  ["millisecondTtlUndeclared", millisecondTtlUndeclared, undefined, "ttl"],
];

describe("one exit rule: a broken capability the subject offers fails every entry point (issue 38)", { timeout: 240_000 }, () => {
  it.each(SUBJECTS)(
    "%s: BASE+PARTIAL fails validate()'s verdict, the CLI (supervised and in-process) and the adapter; --base-only / baseOnly keeps the old rule",
    async (name, registered, capabilities, broken) => {
      const options = { retries: 0, ...(capabilities ? { capabilities: capabilities as never } : {}) };
      const report = await validate(registered, options);
      expect(report.results[broken as never]).toMatchObject({ status: "failed", kind: "extended" });
      expect(report.conformanceLevel()).toBe("BASE+PARTIAL");
      expect(report.verdict().passed).toBe(false);
      expect((report.toDict().summary as { passed: boolean }).passed).toBe(false);
      expect(report.verdict({ baseOnly: true }).passed).toBe(true);

      const args = [MODULE, "--export", name, "--retries", "0", ...(capabilities ? ["--capabilities", capabilities.join(",")] : [])];
      for (const env of [{}, { CONFORMANCE_IN_PROCESS: "1" }]) {
        const [byDefault, baseOnly, strict] = await Promise.all([
          runInProcess(args, env),
          runInProcess([...args, "--base-only"], env),
          runInProcess([...args, "--strict"], env),
        ]);
        const where = JSON.stringify(env);
        expect(byDefault.stdout).toMatch(/Result: BASE\+PARTIAL/);
        expect(byDefault.code, `${where} ${byDefault.stderr}`).toBe(1);
        expect(strict.code, `${where} ${strict.stderr}`).toBe(1);
        expect(baseOnly.code, `${where} ${baseOnly.stderr}`).toBe(0);
      }

      const failing = fakeRunner();
      describeVitest(registered, { ...options, runner: failing.functions });
      const byDefault = await failing.run();
      expect(byDefault.tests.filter((t) => t.status === "failed").map((t) => t.path[1])).toContain(broken);
      const lenient = fakeRunner();
      describeVitest(registered, { ...options, baseOnly: true, runner: lenient.functions });
      const baseOnly = await lenient.run();
      expect(baseOnly.tests.filter((t) => t.status === "failed")).toEqual([]);
      expect(baseOnly.hookErrors).toEqual([]);
    },
  );

  it("--strict and --base-only together are bad usage (exit 2)", async () => {
    const run = await runInProcess([MODULE, "--export", "copyThreadNoop", "--strict", "--base-only"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--strict and --base-only contradict each other/);
  });
});
