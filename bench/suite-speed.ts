/**
 * The suite's own speed: the full conformance run on MemorySaver in-process and
 * as a whole CLI process, next to @langchain/langgraph-checkpoint-validation's
 * documented in-vitest route as a whole process; then full runs on SQLite and
 * the embedded PostgreSQL (server start measured apart).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type AnyRegistration, type ValidateOptions } from "../src/index.js";
import { SPECS } from "../src/kinds/checkpointer/checks/index.js";
import { acquirePostgres, postgresBackend, sqliteBackend } from "../src/backends/index.js";
import { summarize } from "../src/bench/stats.js";
import { createTempDir } from "../src/cleanup/index.js";
import { runProcess } from "./measure-process.js";
import { timePostgresFloor } from "./postgres-floor.js";

export interface Timing {
  label: string;
  runs: number;
  median: number;
  min: number;
  max: number;
  spreadPct: number;
  peakKb?: number;
  note?: string;
}

const root = new URL("..", import.meta.url).pathname;

export function timing(label: string, samples: number[], extra: Partial<Timing> = {}): Timing {
  return { label, runs: samples.length, ...summarize(samples), ...extra };
}

/** `runs` timed validate() runs in this process; with `mustPass`, a run that does not pass the base level stops the bench. */
export async function timeValidate(
  label: string,
  runs: number,
  registration: AnyRegistration,
  options: ValidateOptions,
  mustPass = true,
): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const report = await validate(registration, options);
    samples.push(performance.now() - start);
    if (mustPass && !report.passedAllBase())
      throw new Error(`${label}: ${report.subjectName} did not pass the base level (${report.verdict().resultLine})`);
  }
  return timing(label, samples);
}

async function timeInProcess(label: string, runs: number, options: ValidateOptions): Promise<Timing> {
  const reg = checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver());
  await validate(reg, options); // warm-up: module loading and JIT are not the suite's cost
  return timeValidate(label, runs, reg, options);
}

export interface ProcessTimingOptions {
  /** Variables set for every run. */
  env?: Record<string, string>;
  /** One unmeasured run first (disk caches, vitest's transform cache). Default true. */
  warmUp?: boolean;
  /** Called before each run, warm-up included (to reset what the run writes). */
  beforeRun?: () => void;
}

/** Whole-process runs: wall time and the peak memory of the process tree; `check` reads each run's output. */
export async function timeProcess(
  label: string,
  runs: number,
  command: string,
  args: string[],
  check: (stdout: string) => void,
  { env = {}, warmUp = true, beforeRun = () => undefined }: ProcessTimingOptions = {},
): Promise<Timing> {
  const samples: number[] = [];
  let peakKb = 0;
  // Each measured process gets a TMPDIR of this run's own, removed however the run ends: a Ctrl-C that reaches the
  // existing tool's vitest mid-run left vitest's temporary directory (tmpdir()/<nanoid>) behind (CI, 2026-12-02).
  const tmp = await createTempDir("lgc-bench-tmp-");
  const once = async () => {
    beforeRun();
    const run = await runProcess(command, args, root, { ...env, TMPDIR: tmp.path });
    if (run.status !== 0) throw new Error(`${label}: the process exited with status ${run.status}`);
    check(run.stdout);
    return run;
  };
  try {
    if (warmUp) await once(); // for both tools alike
    for (let i = 0; i < runs; i++) {
      const run = await once();
      samples.push(run.wallMs);
      peakKb = Math.max(peakKb, run.peakKb);
    }
  } finally {
    await tmp.remove();
  }
  return timing(label, samples, { peakKb });
}

/** The command an installed bin runs: node with the flags of the file's `#!/usr/bin/env -S node ...` line. */
export function binCommand(file: string): string[] {
  const shebang = readFileSync(join(root, file), "utf8").split("\n", 1)[0];
  const flags = /^#!\/usr\/bin\/env\s+(?:-S\s+)?node\b(.*)$/.exec(shebang)?.[1].trim().split(/\s+/).filter(Boolean) ?? [];
  return [process.execPath, ...flags, file];
}

export interface SuiteSpeedResult {
  timings: Timing[];
  ours: { specTests: number; requiredTests: number; catalogIds: number };
  theirs: { tests: number };
  /** The whole-process runs on MemorySaver: our CLI (default options) and the existing tool. */
  processes: { ours: Timing; theirs: Timing };
  /** validate() in-process on PostgresSaver, storage suites only. */
  postgresSuites: Timing;
  /** The saver calls of the largest required cases alone on PostgresSaver (bench/postgres-floor.ts). */
  postgresFloor: Timing;
  ratio: number;
  /** Median whole-process time of the default run minus that of `--model 0`. */
  modelMs: number;
  /** The floor fixture's median over theirs: the lowest ratio any run with the same large cases can reach. */
  floorRatio: number;
  memoryRatio: number;
}

/** `onTiming` sees each measurement as it is taken (an interrupted bench reports those). */
export async function measureSuiteSpeed(runs = 5, onTiming: (timing: Timing) => void = () => undefined): Promise<SuiteSpeedResult> {
  const timings: Timing[] = [];
  const record = (t: Timing) => {
    timings.push(t);
    onTiming(t);
  };
  record(await timeInProcess("validate() in-process, storage suites (MemorySaver)", runs * 2, { graph: false, model: false }));
  record(await timeInProcess("validate() in-process, default options (MemorySaver)", runs * 2, {}));

  // The reports of the measured processes, in a directory of this run (removed however the run ends).
  const reportDir = await createTempDir("lgc-bench-");
  const ourJson = join(reportDir.path, "conformance.json");
  const [ourCommand, ...ourArgs] = binCommand("dist/cli/main.js");
  const ours = await timeProcess(
    "our CLI, whole process incl. its supervised child (MemorySaver, default options)",
    runs,
    ourCommand,
    [...ourArgs, "bench/fixtures/memory-registration.mjs", "--reporter", `json:${ourJson}`, "--reporter", "dots"],
    () => {
      const dict = JSON.parse(readFileSync(ourJson, "utf8")) as { conformance_level: string };
      if (dict.conformance_level !== "FULL") throw new Error(`our CLI run reported ${dict.conformance_level}`);
    },
  );
  record(ours);
  // The same run without the model mode: the difference is what the default model budget costs.
  const withoutModel = await timeProcess(
    "our CLI, whole process incl. its supervised child (MemorySaver, --model 0)",
    runs,
    ourCommand,
    [...ourArgs, "bench/fixtures/memory-registration.mjs", "--reporter", "dots", "--model", "0"],
    () => undefined,
  );
  record(withoutModel);

  const theirJson = join(reportDir.path, "validation.json");
  let theirTests = 0;
  const theirs = await timeProcess(
    "@langchain/langgraph-checkpoint-validation 1.1.1, whole process (vitest route)",
    runs,
    process.execPath,
    [
      "node_modules/vitest/vitest.mjs",
      "run",
      "--config",
      "bench/fixtures/validation.vitest.config.mjs",
      "--reporter=json",
      `--outputFile=${theirJson}`,
    ],
    () => {
      const r = JSON.parse(readFileSync(theirJson, "utf8")) as { numTotalTests: number; numFailedTests: number };
      if (r.numFailedTests > 0 || r.numTotalTests === 0) throw new Error(`the validation package's run failed: ${JSON.stringify(r)}`);
      theirTests = r.numTotalTests;
    },
  );
  record(theirs);
  await reportDir.remove();
  // What no conformance run that asks for issue 13's largest cases can go below: see the fixture.
  const floor = await timeProcess(
    "floor: import @langchain/langgraph-checkpoint + the saver calls of VAL-11, VAL-09 and ORD-06 only (one process, no check)",
    runs,
    process.execPath,
    ["bench/fixtures/floor-large-cases.mjs"],
    () => undefined,
  );
  record(floor);

  const suitesOnly = { graph: false, model: false } as const;
  record(
    await timeValidate(
      "validate() in-process, storage suites (SqliteSaver, temp file)",
      runs,
      sqliteBackend.registration(),
      suitesOnly,
      false,
    ),
  );

  let postgresSuites: Timing | undefined;
  let postgresFloor: Timing | undefined;
  const serverStart = performance.now();
  const server = await acquirePostgres();
  const startMs = performance.now() - serverStart;
  try {
    const pg = postgresBackend.registration({ postgres: server });
    postgresSuites = await timeValidate(
      `validate() in-process, storage suites (PostgresSaver, ${server.kind} server)`,
      runs,
      pg,
      suitesOnly,
      false,
    );
    record(postgresSuites);
    const floorSamples: number[] = [];
    for (let i = 0; i < runs; i++) floorSamples.push(await timePostgresFloor(server));
    postgresFloor = timing(
      "floor: the saver calls of VAL-11, VAL-09 and ORD-06 only, on one PostgresSaver on the same server (no check)",
      floorSamples,
    );
    record(postgresFloor);
    record(timing(`PostgreSQL server start (${server.kind})`, [startMs], { note: "once per run, not part of the suite" }));
  } finally {
    await server.stop();
  }

  const specs = Object.values(SPECS).filter((s) => s !== undefined);
  const tests = specs.flatMap((s) => s.tests);
  return {
    timings,
    ours: {
      specTests: tests.length,
      requiredTests: tests.filter((t) => !t.advisory).length,
      catalogIds: new Set(tests.flatMap((t) => t.ids)).size,
    },
    theirs: { tests: theirTests },
    processes: { ours, theirs },
    postgresSuites,
    postgresFloor,
    ratio: ours.median / theirs.median,
    modelMs: ours.median - withoutModel.median,
    floorRatio: floor.median / theirs.median,
    memoryRatio: (ours.peakKb ?? 0) / (theirs.peakKb ?? 1),
  };
}
