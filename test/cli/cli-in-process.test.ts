import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { colorPalette, paletteFor, plainPalette } from "../../src/reporters/palette.js";
import { specFor } from "../../src/kinds/checkpointer/checks/index.js";
import { expectUsageError } from "./expect-usage-error.js";
import { runInProcess } from "./run-cli-in-process.js";
import { FIXTURES, REPO_ROOT } from "./run-cli-process.js";
import { makeTempDir } from "../temp-dir.js";

describe("checkpoint-conformance CLI (arguments, in process)", () => {
  it.each([
    ["an unknown option", ["x.ts", "--colour"], ["unknown option --colour", "--help"]],
    ["an option without its value", ["x.ts", "--timeout"], ["option --timeout needs a value"]],
    ["an unknown capability", ["x.ts", "--capabilities", "put,puts"], ['unknown capability "puts" in --capabilities', "put_writes"]],
    ["an unknown capability in --skip", ["x.ts", "--skip", "prunes"], ['unknown capability "prunes" in --skip']],
    ["an unknown reporter", ["x.ts", "--reporter", "htm"], [`unknown reporter "htm"`, "junit"]],
    ["a reporter with an empty file", ["x.ts", "--reporter", "junit:"], ["empty file name", "junit:FILE"]],
    ["a bad timeout", ["x.ts", "--timeout", "soon"], ["--timeout must be a positive whole number"]],
    ["two modules", ["a.ts", "b.ts"], ["expected one <module>, got 2"]],
    ["no module", [], ["missing <module>", "./my-saver.ts"]],
    ["an unknown package", ["no-such-saver-package"], ['installed package named "no-such-saver-package"']],
    ["a file that is not a module", ["package.json"], ["is not a module this CLI loads"]],
    [
      "no default export",
      [`${FIXTURES}/memory-named.mjs`],
      ['no export "default"', "its exports that are registrations: memory", "--export NAME"],
    ],
    [
      "a named export that does not exist",
      [`${FIXTURES}/memory-named.mjs`, "--export", "memroy"],
      ['no export "memroy"', "check the name"],
    ],
  ])("exits 2 with one line on %s", async (_case, args, phrases) => {
    expectUsageError(await runInProcess(args), ...phrases);
  });

  it("--list prints the spec tests of the selected capabilities with their catalog ids", async () => {
    const list = await runInProcess(["--list", "--capabilities", "put"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/test_put_roundtrip\s+PUT-02/);
    expect(list.stdout).toContain(`${specFor("put")!.tests.length} spec tests`);
    expect(list.stdout).not.toContain("get_tuple");
    const grep = await runInProcess(["--list", "--grep", "GT-06"]);
    expect(grep.stdout).toContain("test_get_tuple_metadata");
    expect(grep.stdout).not.toContain("test_put_roundtrip");
  });

  it("a missing --export lists the module's registrations, not the default registration's fields or other exports", async () => {
    const run = await runInProcess([`${FIXTURES}/memory-default-and-named.mjs`, "--export", "Foo"]);
    expectUsageError(run, 'no export "Foo"', "(its exports that are registrations: default, second)");
  });

  it("unwraps a registration that import() of a CommonJS module left on default.default", async () => {
    const run = await runInProcess([
      `${FIXTURES}/memory-wrapped-default.mjs`,
      "--capabilities",
      "put",
      "--model",
      "0",
      "--reporter",
      "json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).checkpointer_name).toBe("MemorySaver (wrapped default)");
  });

  it("--help lists every option; --version prints package.json's version", async () => {
    const help = await runInProcess(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: checkpoint-conformance <module> [options]");
    // The module's default export may be any of the three registrations.
    for (const registration of ["checkpointerTest(...)", "storeTest(...)", "cacheTest(...)"]) expect(help.stdout).toContain(registration);
    for (const flag of [
      "--export",
      "--capabilities",
      "--skip",
      "--reporter",
      "--output",
      "--timeout",
      "--strict",
      "--grep",
      "--list",
      "--version",
      "--graph",
      "--no-graph",
      "--graph-scenarios",
      "--graph-skip",
      "--model",
      "--seed",
      "--path",
      "--backends",
      "--bench",
      "--bench-sizes",
    ]) {
      expect(help.stdout).toContain(flag);
    }
    const version = await runInProcess(["-v"]);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")).version);
  });

  it("--grep runs only matching spec tests; --output writes the report to a file and says so", async () => {
    const dir = makeTempDir("cli-output-");
    const run = await runInProcess([
      `${FIXTURES}/memory-named.mjs`,
      "--export",
      "memory",
      "--capabilities",
      "get_tuple",
      "--grep",
      "GT-06",
      "--reporter",
      "json",
      "--output",
      `${dir}/out.json`,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`reports written to ${dir}/out.json`);
    const dict = JSON.parse(readFileSync(`${dir}/out.json`, "utf8"));
    const matching = specFor("get_tuple")!.tests.filter((t) => t.ids.includes("GT-06") && !t.advisory).length;
    expect(matching).toBeGreaterThan(0);
    expect(dict.results.get_tuple.tests_passed).toBe(matching);
    expect(dict.results.put.status).toBe("skipped");
  });

  it("--grep: the capabilities it leaves out share one NOTES line, not one each", async () => {
    const run = await runInProcess([`${FIXTURES}/memory-named.mjs`, "--export", "memory", "--grep", "GT-06", "--model", "0"]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split("\n").filter((line) => line.includes("no spec test matches the grep option"));
    expect(lines).toEqual([
      "      put, put_writes, list, delete_thread, delete_for_runs, copy_thread, prune, delta_channel_history: no spec test matches the grep option",
    ]);
  });

  it("colors only on a TTY, and never with NO_COLOR", () => {
    expect(paletteFor({ isTTY: true }, {})).toBe(colorPalette);
    expect(paletteFor({ isTTY: true }, { NO_COLOR: "1" })).toBe(plainPalette);
    expect(paletteFor({ isTTY: false }, {})).toBe(plainPalette);
    expect(paletteFor({}, {})).toBe(plainPalette);
  });
});
