/**
 * Our CLI against @langchain/langgraph-checkpoint-validation on the same saver,
 * each as a whole process (issue 22): a remote-like saver (MemorySaver behind
 * 20 ms per call, with the calls each run makes) and PostgresSaver on one
 * embedded server. Our run gets the options it is given and nothing else, so
 * it measures whatever our defaults are when the bench runs.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { acquirePostgres } from "../src/backends/index.js";
import { createTempDir } from "../src/cleanup/index.js";
import { binCommand, timeProcess, type Timing } from "./suite-speed.js";

/** One subject checked by both tools. */
export interface HeadToHead {
  subject: string;
  /** What each tool ran. */
  ours: Timing;
  theirs: Timing;
  /** Saver calls of one run (the last measured), when the subject counts them. */
  calls?: { ours: number; theirs: number };
}

const VALIDATION_ARGS = [
  "node_modules/vitest/vitest.mjs",
  "run",
  "--config",
  "bench/fixtures/validation.vitest.config.mjs",
  "--reporter=json",
];

/** How our options read in a label: "default options", or the arguments given. */
export function optionsLabel(ourArgs: readonly string[]): string {
  return ourArgs.length === 0 ? "default options" : ourArgs.join(" ");
}

/** The calls the measured processes made: one file per process in `dir`, each holding its count. */
function callsIn(dir: string): number {
  return readdirSync(dir).reduce((sum, file) => sum + Number(readFileSync(join(dir, file), "utf8")), 0);
}

function theirCheck(jsonFile: string) {
  return () => {
    const r = JSON.parse(readFileSync(jsonFile, "utf8")) as { numTotalTests: number; numFailedTests: number };
    if (r.numFailedTests > 0 || r.numTotalTests === 0)
      throw new Error(`the validation package's run failed: ${JSON.stringify({ tests: r.numTotalTests, failed: r.numFailedTests })}`);
  };
}

/**
 * The remote-like saver (bench/fixtures/remote-like-saver.mjs) under our CLI
 * with `ourArgs` and under the existing tool. No warm-up run: a run takes a
 * minute, and the suite-speed runs before it warmed the disk caches.
 */
export async function measureRemoteLike(runs: number, ourArgs: readonly string[]): Promise<HeadToHead> {
  const dir = await createTempDir("lgc-bench-");
  try {
    const callsDir = join(dir.path, "calls");
    const reset = () => {
      rmSync(callsDir, { recursive: true, force: true });
      mkdirSync(callsDir);
    };
    const env = { BENCH_CALLS_DIR: callsDir };
    const [command, ...args] = binCommand("dist/cli/main.js");
    const ours = await timeProcess(
      `our CLI, ${optionsLabel(ourArgs)}`,
      runs,
      command,
      [...args, "bench/fixtures/remote-like-registration.mjs", ...ourArgs, "--reporter", "dots"],
      () => undefined,
      { env, warmUp: false, beforeRun: reset },
    );
    const ourCalls = callsIn(callsDir);
    const theirJson = join(dir.path, "validation.json");
    const theirs = await timeProcess(
      "@langchain/langgraph-checkpoint-validation (vitest route)",
      runs,
      process.execPath,
      [...VALIDATION_ARGS, `--outputFile=${theirJson}`],
      theirCheck(theirJson),
      {
        env: { ...env, BENCH_VALIDATION_TEST: "bench/fixtures/validation-remote-like.test.mjs" },
        warmUp: false,
        beforeRun: reset,
      },
    );
    return {
      subject: "MemorySaver behind 20 ms per call (remote-like)",
      ours,
      theirs,
      calls: { ours: ourCalls, theirs: callsIn(callsDir) },
    };
  } finally {
    await dir.remove();
  }
}

/**
 * PostgresSaver on one embedded server (POSTGRES_URL for both): our storage
 * suites (`--model 0`) against the existing tool. No warm-up run: the runs
 * before it warmed the disk caches, and a run takes minutes on a loaded machine.
 */
export async function measurePostgres(runs: number, ourArgs: readonly string[]): Promise<HeadToHead> {
  const server = await acquirePostgres();
  const dir = await createTempDir("lgc-bench-");
  try {
    const env = { POSTGRES_URL: server.url };
    const [command, ...args] = binCommand("dist/cli/main.js");
    const ours = await timeProcess(
      `our CLI, storage suites (${optionsLabel([...ourArgs, "--model", "0"])})`,
      runs,
      command,
      [...args, "bench/fixtures/postgres-registration.mjs", ...ourArgs, "--model", "0", "--reporter", "dots"],
      () => undefined,
      { env, warmUp: false },
    );
    const theirJson = join(dir.path, "validation.json");
    const theirs = await timeProcess(
      "@langchain/langgraph-checkpoint-validation (vitest route)",
      runs,
      process.execPath,
      [...VALIDATION_ARGS, `--outputFile=${theirJson}`],
      theirCheck(theirJson),
      {
        env: { ...env, BENCH_VALIDATION_TEST: "bench/fixtures/validation-postgres.test.mjs" },
        warmUp: false,
      },
    );
    return { subject: `PostgresSaver, ${server.kind} server (whole processes)`, ours, theirs };
  } finally {
    await dir.remove();
    await server.stop();
  }
}
