import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { THROUGHPUT_OPERATIONS } from "../../src/bench/throughput.js";
import { runInProcess } from "./run-cli-in-process.js";
import { FIXTURES, runCliProcess } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";
import { makeTempDir } from "../temp-dir.js";

const memoryModule = [`${FIXTURES}/memory-named.mjs`, "--export", "memory"];
const tableLine = (text: string, label: string) => text.split("\n").find((l) => new RegExp(`^[ ≠] ${label}\\s`).test(l));

describe("--backends: the matrix from the CLI (in process)", { timeout: 180_000 }, () => {
  it("puts the module's saver first among the selected backends; pretty on screen, markdown and json to files; a backend that cannot run is skipped with the reason", async () => {
    const dir = makeTempDir("cli-matrix-");
    const run = await runInProcess([
      ...memoryModule,
      "--backends",
      "memory,mongodb",
      "--capabilities",
      "put,get_tuple",
      "--no-graph",
      "--reporter",
      "pretty",
      "--reporter",
      `markdown:${dir}/matrix.md`,
      "--reporter",
      `json:${dir}/matrix.json`,
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Matrix: MemorySaver (mjs), memory, mongodb\n");
    expect(run.stdout).toMatch(/^\s+capability\s+MemorySaver \(mjs\)\s+memory\s+mongodb$/m);
    expect(tableLine(run.stdout, "put")).toMatch(/✓ \d+\s+✓ \d+\s+skipped/);
    expect(run.stdout).toContain("mongodb (skipped): MONGODB_URL is not set");
    expect(run.stdout).not.toContain("graph scenarios");

    expect(readFileSync(`${dir}/matrix.md`, "utf8")).toContain("| capability | MemorySaver (mjs) | memory | mongodb |");
    const json = JSON.parse(readFileSync(`${dir}/matrix.json`, "utf8")) as { backends: { id: string; status: string }[] };
    expect(json.backends.map((b) => [b.id, b.status])).toEqual([
      ["MemorySaver (mjs)", "ran"],
      ["memory", "ran"],
      ["mongodb", "skipped"],
    ]);
  });

  it("runs the graph scenarios on every backend unless --no-graph, and shows them as a row", async () => {
    const run = await runInProcess(["--backends", "memory", "--capabilities", "put", "--graph-scenarios", "G05"]);
    expect(run.code, run.stderr).toBe(0);
    expect(tableLine(run.stdout, "graph scenarios")).toMatch(/✓ \d+/);
    const byDefault = await runInProcess(["--backends", "memory", "--capabilities", "put", "--reporter", "json"]);
    const dict = JSON.parse(byDefault.stdout) as { sections: { section: string; cells: Record<string, { status: string }> }[] };
    expect(dict.sections.map((s) => s.section)).toEqual(["graph"]);
    expect(dict.sections[0].cells.memory.status).toBe("passed");
    expect(byDefault.stderr).toContain("with the graph scenarios; --no-graph to leave them out");
  });

  it("exits 1 when a backend that ran misses the level: here the module's broken saver, while the official one passes", async () => {
    const run = await runInProcess([
      spawnedFixture(`${FIXTURES}/broken.ts`),
      "--backends",
      "memory",
      "--capabilities",
      "put",
      "--no-graph",
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(tableLine(run.stdout, "put")).toMatch(/^≠ put\s+✗ \d+\/\d+\s+✓ \d+/);
    expect(run.stdout).toMatch(/put test_put_preserves_metadata: fail: DropsCustomMetadata; pass: memory/);
  });

  it("a matrix in which no backend could run checked nothing: a usage error (exit 2), never a pass", async () => {
    const run = await runInProcess(["--backends", "mongodb", "--no-graph", "--model", "0", "--reporter", "markdown"]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).toContain("`mongodb` (skipped): MONGODB_URL is not set");
    expect(run.stderr).toContain(
      "checkpoint-conformance: nothing was checked: no selected backend could run here (mongodb: MONGODB_URL is not set (no MongoDB server here; set it to run this backend))\n",
    );

    // A shard whose backends could not run leaves the verdict to the merge, which checked nothing either.
    const dir = makeTempDir("matrix-nothing-");
    const file = join(dir, "shard.json");
    const shard = await runInProcess([
      "--backends",
      "mongodb",
      "--no-graph",
      "--model",
      "0",
      "--shard",
      "1/1",
      "--reporter",
      `report-json:${file}`,
    ]);
    expect(shard.code, shard.stderr).toBe(0);
    expect(shard.stderr).toContain("no backend of shard 1/1 could run here (mongodb: MONGODB_URL is not set");
    const merged = await runInProcess(["merge", file, "--reporter", "markdown"]);
    expect(merged.code, merged.stderr).toBe(2);
    expect(merged.stderr).toContain("checkpoint-conformance: nothing was checked: no selected backend could run here");
  });
});

describe("--bench: throughput from the CLI (in process)", { timeout: 180_000 }, () => {
  it("measures the module's saver: one row per operation at each --bench-sizes length, with the growth", async () => {
    const run = await runInProcess([...memoryModule, "--bench", "--bench-sizes", "5,20"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.startsWith("MemorySaver (mjs)\n")).toBe(true);
    expect(run.stdout).toContain("| n=5: ops/s (p50 / p99 ms) | n=20: ops/s (p50 / p99 ms) | growth |");
    for (const op of THROUGHPUT_OPERATIONS)
      expect(run.stdout).toMatch(new RegExp(`\\| ${op.replace(/[()]/g, "\\$&")}\\s+\\| [\\d,.]+ \\(`));
    expect(run.stdout).not.toContain("Side by side");
    expect(run.stderr).toContain("Measuring MemorySaver (mjs) ...");
  });

  it("with --backends: a table per saver, the side-by-side comparison, and why a backend was not measured; --output writes it to a file", async () => {
    const file = join(makeTempDir("cli-bench-"), "bench.md");
    const run = await runInProcess([...memoryModule, "--bench", "--bench-sizes", "5", "--backends", "memory,redis", "--output", file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(`Throughput written to ${file}\n`);
    const text = readFileSync(file, "utf8");
    expect(text).toContain("Side by side (ops/s)");
    expect(text).toMatch(/\| operation\s+\| n\s+\| MemorySaver \(mjs\) ops\/s \| memory ops\/s \|/);
    expect(text).toContain("redis (skipped): REDIS_URL is not set");
  });
});

describe("--backends as a process", { timeout: 240_000 }, () => {
  it("prints the matrix of memory and sqlite with a graph row, skips mongodb with the reason, exits 0", async () => {
    const run = await runCliProcess([
      "--backends",
      "memory,sqlite,mongodb",
      "--capabilities",
      "put,list",
      "--graph-scenarios",
      "G05",
      "--model",
      "20",
      "--seed",
      "1",
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^\s+capability\s+memory\s+sqlite\s+mongodb$/m);
    expect(tableLine(run.stdout, "graph scenarios")).toMatch(/✓ \d+\s+✓ \d+\s+skipped/);
    expect(tableLine(run.stdout, "model")).toMatch(/✓ 20 seq\s+✓ 20 seq/);
    expect(run.stdout).toMatch(/^\s+level\s+FULL\s+FULL\s+SKIPPED$/m);
    expect(run.stdout).toContain("mongodb (skipped): MONGODB_URL is not set");
  });
});
