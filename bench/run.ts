/**
 * `npm run bench`: the suite against the existing JS tool, and savers against
 * each other. Writes bench/results.md. Ratios, medians and spreads, never
 * single timings: the machine is shared and noisy.
 */
import { writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest } from "../src/index.js";
import { acquirePostgres, postgresBackend, sqliteBackend } from "../src/backends/index.js";
import { benchmarkSaver, type ThroughputResult } from "../src/bench/throughput.js";
import { renderThroughput, renderThroughputComparison } from "../src/bench/render.js";
import { measureSuiteSpeed, type Timing } from "./suite-speed.js";
import { MODEL_DEFAULTS } from "../src/model/options.js";

const runs = Number(process.env.BENCH_RUNS ?? 5);

function timingTable(timings: readonly Timing[]): string {
  const rows = timings.map(
    (t) =>
      `| ${t.label} | ${t.median.toFixed(0)} | ${t.min.toFixed(0)}–${t.max.toFixed(0)} (±${t.spreadPct.toFixed(0)}%) | ${t.runs} | ${
        t.peakKb ? `${Math.round(t.peakKb / 1024)} MB` : t.note ?? ""
      } |`,
  );
  return ["| measurement | median ms | range | runs | peak RSS / note |", "| --- | --- | --- | --- | --- |", ...rows].join("\n");
}

console.error(`bench: suite speed (${runs} runs each)…`);
const speed = await measureSuiteSpeed(runs);

console.error("bench: saver throughput (memory, sqlite, embedded postgres)…");
const throughput: ThroughputResult[] = [];
throughput.push(await benchmarkSaver(checkpointerTest({ name: "memory" }, () => new MemorySaver())));
throughput.push(await benchmarkSaver({ ...sqliteBackend.registration(), name: "sqlite" }));
const server = await acquirePostgres();
try {
  throughput.push(await benchmarkSaver({ ...postgresBackend.registration({ postgres: server }), name: "postgres" }));
} finally {
  await server.stop();
}

const md = [
  "# Benchmark results",
  "",
  `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores, Node ${process.version}, by \`npm run bench\`.`,
  "",
  "## The suite itself",
  "",
  timingTable(speed.timings),
  "",
  `- Whole process, ours / @langchain/langgraph-checkpoint-validation: **${speed.ratio.toFixed(2)}** (target ≤ 0.60, issue 13; our default run includes the model mode: ${MODEL_DEFAULTS.runs} sequences, seed ${MODEL_DEFAULTS.seed}).`,
  `- The model mode's share of our default CLI run (median with it minus median with \`--model 0\`): **${speed.modelMs.toFixed(0)} ms**.`,
  `- Peak memory, ours / theirs: **${speed.memoryRatio.toFixed(2)}** (target < 1).`,
  `- What each checks: ours ${speed.ours.specTests} spec tests (${speed.ours.requiredTests} required) over ${speed.ours.catalogIds} catalog ids and 9 capabilities; theirs ${speed.theirs.tests} vitest tests (648 of them list() combinations) over 5 methods.`,
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
].join("\n");

writeFileSync(new URL("./results.md", import.meta.url), md);
console.log(md);
