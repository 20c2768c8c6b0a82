import { describe, expect, it } from "vitest";
import { parseCliArgs } from "../../src/cli/args.js";
import { toValidateOptions } from "../../src/cli/options.js";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";
import { expectUsageError } from "./expect-usage-error.js";
import { runInProcess } from "./run-cli-in-process.js";
import { FIXTURES } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";

const validateOptionsOf = (...args: string[]) => toValidateOptions(parseCliArgs(["x.ts", ...args]).options);

describe("CLI options for the graph scenarios, the model mode, the matrix and the benchmark", () => {
  it.each([
    ["--graph", ["--graph"], { graph: {} }],
    ["--no-graph", ["--no-graph"], { graph: false }],
    [
      "--graph-scenarios (case-insensitive, turns the graph on)",
      ["--graph-scenarios", "g07, G08"],
      { graph: { scenarios: ["G07", "G08"] } },
    ],
    ["--graph with --graph-skip", ["--graph", "--graph-skip", "G22"], { graph: { skip: ["G22"] } }],
    ["--model", ["--model", "250"], { model: { runs: 250 } }],
    [
      "the model replay line",
      ["--model", "1", "--seed", "-1234", "--path", "3:0@AB:C"],
      { model: { runs: 1, seed: -1234, path: "3:0@AB:C" } },
    ],
    ["--seed alone", ["--seed=42"], { model: { seed: 42 } }],
    ["--seed random (explores; the report prints the seed drawn)", ["--seed", "random"], { model: { seed: "random" } }],
    ["--model 0 (turns the default-on model mode off)", ["--model", "0"], { model: false }],
  ])("%s maps to validate()'s options", (_case, args, expected) => {
    expect(validateOptionsOf(...args)).toMatchObject(expected);
  });

  it("without these options validate() gets neither graph nor model option (its defaults apply: model on for whole runs, graph off)", () => {
    expect(validateOptionsOf()).toEqual({});
  });

  it("--backends selects built-in backends in matrix order; --bench-sizes parses thread lengths", () => {
    const { options } = parseCliArgs(["--backends", "sqlite, memory", "--bench-sizes", "10,100"]);
    expect(options.backends).toEqual(["memory", "sqlite"]);
    expect(options["bench-sizes"]).toEqual([10, 100]);
    expect(parseCliArgs(["--backends", "all"]).options.backends!.length).toBeGreaterThan(5);
  });

  it.each([
    [
      "an unknown graph scenario",
      ["x.ts", "--graph-scenarios", "G07,G99"],
      ['unknown graph scenario "G99" in --graph-scenarios', `G01 to ${GRAPH_SCENARIOS.at(-1)!.id}`, "--list --graph"],
    ],
    ["an unknown scenario to skip", ["x.ts", "--graph-skip", "7"], ['unknown graph scenario "7" in --graph-skip']],
    ["an empty scenario list", ["x.ts", "--graph-scenarios", ","], ["--graph-scenarios needs a comma-separated list", "G07,G08"]],
    ["--no-graph with --graph-scenarios", ["x.ts", "--no-graph", "--graph-scenarios", "G01"], ["--no-graph contradicts", "keep one"]],
    ["--model with a negative count", ["x.ts", "--model", "-3"], ["--model must be a whole number (0 turns it off)", "--model 100"]],
    ["--model with a fraction", ["x.ts", "--model", "1.5"], ["--model must be a whole number"]],
    ["a seed that is not a number", ["x.ts", "--seed", "abc"], ["--seed must be a whole number", 'or "random"', "--seed 42"]],
    ["--seed with --model 0", ["x.ts", "--model", "0", "--seed", "3"], ["--seed applies to the model mode, which --model 0 turns off"]],
    [
      "--path with --seed random",
      ["x.ts", "--seed", "random", "--path", "3:0"],
      ["--path replays a model failure only with the seed printed beside it"],
    ],
    [
      "--path without --seed",
      ["x.ts", "--model", "1", "--path", "3:0"],
      ["--path replays a model failure only with the seed", "add --seed N"],
    ],
    ["an unknown backend", ["--backends", "memory,dynamo"], ['unknown backend "dynamo"', "sqlite", '"all"']],
    ["an empty backend list", ["--backends", ","], ["--backends needs a comma-separated list"]],
    [
      "a report format the matrix does not have",
      ["--backends", "memory", "--reporter", "dots"],
      ["--reporter dots does not apply to a backend matrix", "markdown:matrix.md"],
    ],
    [
      "--bench with conformance options",
      ["x.ts", "--bench", "--graph", "--model", "5"],
      ["--graph, --model do not apply to --bench", "drop them"],
    ],
    ["--bench without a saver", ["--bench"], ["--bench needs a <module>", "--backends"]],
    ["bad --bench-sizes", ["x.ts", "--bench-sizes", "10,many"], ['--bench-sizes must be a positive whole number, got "many"']],
    ["no module and no --backends", ["--graph"], ["missing <module>", "--backends all"]],
  ])("exits 2 with one line on %s", async (_case, args, phrases) => {
    expectUsageError(await runInProcess(args), ...phrases);
  });

  it("--list --graph-scenarios prints those scenarios' ids and names after the spec tests", async () => {
    const run = await runInProcess(["--list", "--capabilities", "put", "--graph-scenarios", "G07,G08"]);
    expect(run.code).toBe(0);
    const graph = run.stdout.slice(run.stdout.indexOf("graph scenarios ("));
    for (const id of ["G07", "G08"]) expect(graph).toContain(`${id}  ${GRAPH_SCENARIOS.find((s) => s.id === id)!.name}`);
    expect(graph).toContain("2 graph scenarios");
    expect((await runInProcess(["--list", "--capabilities", "put"])).stdout).not.toContain("graph scenarios");
  });
});

describe("graph scenarios and the model mode from the CLI (in process)", { timeout: 120_000 }, () => {
  it("--graph-scenarios runs the selected scenarios: a GRAPH section in the report; a correct saver exits 0", async () => {
    const run = await runInProcess([
      `${FIXTURES}/memory-named.mjs`,
      "--export",
      "memory",
      "--capabilities",
      "put",
      "--graph-scenarios",
      "G05",
      "--reporter",
      "json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const graph = JSON.parse(run.stdout).graph as { status: string; cases: { scenario: string; status: string }[] };
    expect(graph.status).toBe("passed");
    expect(graph.cases.length).toBeGreaterThan(0);
    expect(new Set(graph.cases.map((c) => c.scenario))).toEqual(new Set(["G05"]));
  });

  it("a saver that passes the storage specs but fails a graph scenario exits 1 when the scenario runs, 0 when it does not", async () => {
    const args = [spawnedFixture(`${FIXTURES}/latest-by-step.ts`), "--capabilities", "get_tuple", "--reporter", "json"];
    const [withGraph, without] = await Promise.all([runInProcess([...args, "--graph-scenarios", "G06"]), runInProcess(args)]);
    expect(JSON.parse(withGraph.stdout).results.get_tuple.passed).toBe(true);
    expect(JSON.parse(withGraph.stdout).graph.cases_failed).toBeGreaterThan(0);
    expect(withGraph.code, withGraph.stderr).toBe(1);
    expect(JSON.parse(without.stdout).graph).toBeUndefined();
    expect(without.code, without.stderr).toBe(0);
  });

  it("the replay line the MODEL section prints is a command line this CLI accepts, and it reproduces the failure", async () => {
    const module = spawnedFixture(`${FIXTURES}/broken.ts`);
    const first = await runInProcess([module, "--capabilities", "put", "--grep", "PUT-02", "--model", "60", "--seed", "7"]);
    expect(first.code, first.stderr).toBe(1);
    const replay = /or: npx checkpoint-conformance <your-saver-module> (.+)$/m.exec(first.stdout)?.[1];
    expect(replay, first.stdout).toBeDefined();
    // The line is written for a shell: split on spaces, drop the quotes around the path.
    const args = replay!.match(/"[^"]*"|\S+/g)!.map((arg) => arg.replace(/^"(.*)"$/, "$1"));
    expect(args.slice(0, 3)).toEqual(["--model", "1", "--seed"]);
    const again = await runInProcess([module, "--capabilities", "put", "--grep", "PUT-02", "--reporter", "json", ...args]);
    expect(again.code, again.stderr).toBe(1);
    const model = JSON.parse(again.stdout).model as { status: string; seed: number; failure: { path: string; operation: string } };
    expect(model.status).toBe("failed");
    expect(String(model.seed)).toBe(args[3]);
    expect(model.failure.path).toBe(args[5]);
    expect(first.stdout).toContain(`❌ ${model.failure.operation} disagrees with the model`);
  });
});
