/**
 * `npm run bench`: the suite against the existing JS tool, and savers against
 * each other. Writes bench/results.md. BENCH_RUNS: runs per measurement
 * (default 5); BENCH_REMOTE_RUNS: runs of the minute-long remote-like
 * comparison (default 1); BENCH_CLI_ARGS: options given to our CLI in the
 * head-to-head runs (default none: our defaults, whatever they are). Ratios, medians and spreads, never
 * single timings: the machine is shared and noisy. Ctrl-C or SIGTERM: what
 * was measured so far on stdout, marked interrupted (results.md untouched),
 * everything the run created removed, exit 130 or 143.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest } from "../src/index.js";
import { acquirePostgres, postgresBackend, sqliteBackend } from "../src/backends/index.js";
import { benchmarkSaver, type ThroughputResult } from "../src/bench/throughput.js";
import { renderThroughput, renderThroughputComparison } from "../src/bench/render.js";
import { exitOnInterrupt, parkIfInterrupted } from "../src/cleanup/index.js";
import { FOOTPRINT_HEADING, readSection, RESULTS_FILE } from "./results-sections.js";
import { measureSuiteSpeed, type SuiteSpeedResult, type Timing } from "./suite-speed.js";
import { measurePostgres, measureRemoteLike, type HeadToHead } from "./head-to-head.js";
import { renderSideBySide } from "./side-by-side.js";
import { measureSubjectSuites } from "./subject-suites.js";
import { MODEL_DEFAULTS } from "../src/kinds/checkpointer/model/options.js";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const remoteRuns = Number(process.env.BENCH_REMOTE_RUNS ?? 1);
const ourArgs = (process.env.BENCH_CLI_ARGS ?? "").split(/\s+/).filter(Boolean);

function timingTable(timings: readonly Timing[]): string {
  const rows = timings.map(
    (t) =>
      `| ${t.label} | ${t.median.toFixed(0)} | ${t.min.toFixed(0)}–${t.max.toFixed(0)} (±${t.spreadPct.toFixed(0)}%) | ${t.runs} | ${
        t.peakKb ? `${Math.round(t.peakKb / 1024)} MB` : (t.note ?? "")
      } |`,
  );
  return ["| measurement | median ms | range | runs | peak RSS (process tree) / note |", "| --- | --- | --- | --- | --- |", ...rows].join(
    "\n",
  );
}

const timings: Timing[] = [];
let machineLoad = { before: 0, after: 0 };
const throughput: ThroughputResult[] = [];
const subjectTimings: Timing[] = [];
const sideBySide: { speed?: SuiteSpeedResult; remoteLike?: HeadToHead; postgres?: HeadToHead } = {};
let phase = "suite speed";
exitOnInterrupt((signal) => {
  const parts = [`bench: INTERRUPTED by ${signal} during ${phase}; bench/results.md was not written. Measured so far:`, ""];
  if (sideBySide.remoteLike || sideBySide.postgres) parts.push(renderSideBySide(sideBySide), "");
  if (timings.length > 0) parts.push(timingTable(timings), "");
  if (subjectTimings.length > 0) parts.push(timingTable(subjectTimings), "");
  parts.push(...throughput.flatMap((r) => [renderThroughput(r), ""]));
  process.stdout.write(`${parts.join("\n")}\n`);
});

try {
  await measure();
} catch (error) {
  // A measured child process (spawnSync) dies of the same Ctrl-C before this process gets to handle it: let the signal arrive first.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  await parkIfInterrupted();
  throw error;
}

async function measure(): Promise<void> {
  console.error(`bench: suite speed (${runs} runs each)…`);
  const loadBefore = loadavg()[0];
  const speed = await measureSuiteSpeed(runs, (timing) => timings.push(timing));
  machineLoad = { before: loadBefore, after: loadavg()[0] };
  sideBySide.speed = speed;

  console.error(
    `bench: our CLI against the existing tool on a remote-like saver (${remoteRuns} run${remoteRuns === 1 ? "" : "s"} each, about a minute per run)…`,
  );
  phase = "remote-like saver, both tools";
  sideBySide.remoteLike = await measureRemoteLike(remoteRuns, ourArgs);
  console.error(`bench: our CLI against the existing tool on PostgresSaver (${runs} runs each)…`);
  phase = "PostgresSaver, both tools";
  sideBySide.postgres = await measurePostgres(runs, ourArgs);

  console.error("bench: the store and cache suites…");
  phase = "store and cache suites";
  await measureSubjectSuites(runs, {}, (timing) => subjectTimings.push(timing));

  console.error("bench: saver throughput (memory, sqlite, embedded postgres)…");
  phase = "saver throughput (memory)";
  throughput.push(await benchmarkSaver(checkpointerTest({ name: "memory" }, () => new MemorySaver())));
  phase = "saver throughput (sqlite)";
  throughput.push(await benchmarkSaver({ ...sqliteBackend.registration(), name: "sqlite" }));
  phase = "saver throughput (postgres)";
  const server = await acquirePostgres();
  try {
    throughput.push(await benchmarkSaver({ ...postgresBackend.registration({ postgres: server }), name: "postgres" }));
  } finally {
    await server.stop();
  }
  await parkIfInterrupted();
  writeResults(speed);
}

function writeResults(speed: Awaited<ReturnType<typeof measureSuiteSpeed>>): void {
  const md = [
    "# Benchmark results",
    "",
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores, Node ${process.version}, by \`npm run bench\`.`,
    "",
    // Other jobs on a shared machine slow the two tools unequally (vitest runs more processes): ratios measured under load are not comparable.
    `Load average (1 min) of the machine when the suite-speed runs started and ended: ${machineLoad.before.toFixed(1)} and ${machineLoad.after.toFixed(1)} (${cpus().length} cores).`,
    "",
    "## Side by side with @langchain/langgraph-checkpoint-validation",
    "",
    `Each tool as a whole process on the same saver (the existing tool by its documented vitest route); our CLI with ${ourArgs.length === 0 ? "its default options" : `\`${ourArgs.join(" ")}\``}. The remote-like saver is MemorySaver behind a 20 ms wait per call; its calls are counted in every process that makes them.`,
    "",
    renderSideBySide(sideBySide),
    "",
    "## The suite itself",
    "",
    timingTable(speed.timings),
    "",
    `- Whole process, ours / @langchain/langgraph-checkpoint-validation: **${speed.ratio.toFixed(2)}** (target ≤ 1.0, issue 22; our default run includes the model mode: ${MODEL_DEFAULTS.runs} sequences, seed ${MODEL_DEFAULTS.seed}).`,
    `- The floor, one process that imports @langchain/langgraph-checkpoint and makes only the saver calls of the three largest required cases (VAL-11, VAL-09, ORD-06), over theirs: **${speed.floorRatio.toFixed(2)}**. Any run that checks those cases costs more than this (docs/performance.md).`,
    `- The model mode's share of our default CLI run (median with it minus median with \`--model 0\`): **${speed.modelMs.toFixed(0)} ms**.`,
    `- Peak memory, ours / theirs: **${speed.memoryRatio.toFixed(2)}** (target < 1): each process's peak RSS summed over the process tree (our CLI and its supervised child; vitest and its workers), sampled every 5 ms.`,
    `- What each checks: ours ${speed.ours.specTests} spec tests (${speed.ours.requiredTests} required) over ${speed.ours.catalogIds} catalog ids and 9 capabilities; theirs ${speed.theirs.tests} vitest tests (648 of them list() combinations) over 5 methods.`,
    "",
    "## Store and cache suites",
    "",
    "validate() in-process on the built-in backends, registered with `storeTest` / `cacheTest` as a user would (graph and model sections off).",
    "",
    timingTable(subjectTimings),
    "",
    "## Saver throughput",
    "",
    "ops/s with p50 / p99 latency in ms, on threads of 10, 100 and 1,000 checkpoints; growth is how the p50 grows with thread length.",
    "",
    ...throughput.flatMap((r) => [renderThroughput(r), ""]),
    "### Side by side (ops/s)",
    "",
    renderThroughputComparison(throughput),
    "",
    // Measured by `npm run footprint` (it needs the npm registry), kept as it is.
    readSection(FOOTPRINT_HEADING),
  ].join("\n");

  writeFileSync(RESULTS_FILE, md);
  console.log(md);
}
