import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectUsageError } from "./expect-usage-error.js";
import { runInProcess } from "./run-cli-in-process.js";
import type { CliRun } from "./run-cli-process.js";
import { spawnedFixture } from "./spawned-fixture.js";

const dir = mkdtempSync(join(tmpdir(), "shard-merge-matrix-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A matrix run with a broken saver's column (so the verdict is a failure), the model mode on: shard 1/2 runs the module and sqlite, 2/2 memory. */
const RUN = [spawnedFixture("test/cli/fixtures/broken.ts"), "--backends", "memory,sqlite", "--no-graph", "--model", "3"];
const FORMATS = { md: "markdown", json: "json", xml: "junit", html: "html", txt: "pretty" } as const;
const file = (name: string) => join(dir, name);
/** Every format of the matrix, each to its own file `<prefix>.<ext>`. */
const reporters = (prefix: string) =>
  Object.entries(FORMATS).flatMap(([ext, name]) => ["--reporter", `${name}:${file(`${prefix}.${ext}`)}`]);

/** The rendered text without what differs between any two runs: times, and the fresh ids in failure messages. */
function withoutTimings(text: string): string {
  return (
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
      // Ids cut short in messages ("checkpoint 1f1eda0d…"): time-based, so two runs a tick apart differ there too.
      .replace(/\b[0-9a-f]{8}…/g, "<uuid>…")
      .replace(/\d+(\.\d+)? s\b/g, "<s>")
      // A time of 10 s or more is one character wider than 9.9 s: the padding before it is not compared either.
      .replace(/ +<s>/g, " <s>")
      .replace(/"duration_ms": \d+/g, '"duration_ms": 0')
      .replace(/\b(time|duration)="[\d.]+"/g, '$1="0"')
      .replace(/\b\d+(\.\d+)? ?ms\b/g, "<ms>")
  );
}

describe("--backends with --shard: the shards' reports merge into the unsharded matrix", () => {
  let whole: CliRun;
  let shards: CliRun[];
  let merged: CliRun;

  beforeAll(async () => {
    whole = await runInProcess([...RUN, ...reporters("whole")]);
    shards = [];
    for (const index of [1, 2])
      shards.push(await runInProcess([...RUN, "--shard", `${index}/2`, "--reporter", `report-json:${file(`shard-${index}.json`)}`]));
    merged = await runInProcess(["merge", file("shard-1.json"), file("shard-2.json"), ...reporters("merged")]);
  }, 300_000);

  it("each shard runs its whole backends; the merge exits as the unsharded run (1: the broken saver fails)", () => {
    expect(shards.map((s) => s.code)).toEqual([1, 0]);
    expect(whole.code, whole.stderr).toBe(1);
    expect(merged.code, merged.stderr).toBe(whole.code);
    expect(merged.stdout).toContain("Matrix: 3 backends ran; written to");
  });

  it("the same level and counts per backend", () => {
    const backends = (prefix: string) =>
      (
        JSON.parse(readFileSync(file(`${prefix}.json`), "utf8")) as {
          backends: { id: string; level: string; report: { summary: unknown } }[];
        }
      ).backends.map((b) => ({
        id: b.id,
        level: b.level,
        summary: b.report.summary,
      }));
    expect(backends("merged").map((b) => b.id)).toEqual(["DropsCustomMetadata", "memory", "sqlite"]);
    expect(backends("merged").map((b) => b.level)).toEqual(["BASE", "FULL", "FULL"]);
    expect(backends("merged")).toEqual(backends("whole"));
  });

  it.each(Object.keys(FORMATS))("the same rendered matrix (%s) apart from timings", (ext) => {
    const text = (prefix: string) => withoutTimings(readFileSync(file(`${prefix}.${ext}`), "utf8"));
    expect(text("merged")).toEqual(text("whole"));
  });

  it("github: each backend's failures annotated, titled with its id, and the matrix in the job summary", async () => {
    const summary = file("summary.md");
    writeFileSync(summary, "");
    const out = { stdout: "", stderr: "" };
    const { runCli } = await import("../../src/cli/run-cli.js");
    const code = await runCli(["merge", file("shard-1.json"), file("shard-2.json"), "--reporter", "github"], {
      stdout: { write: (t: string) => (out.stdout += t) },
      stderr: { write: (t: string) => (out.stderr += t) },
      env: { GITHUB_STEP_SUMMARY: summary },
      cwd: process.cwd(),
    });
    expect(code).toBe(1);
    // One annotation per cause, titled with the backend's id, naming the test it explains.
    expect(out.stdout).toMatch(/^::error title=DropsCustomMetadata › cause \d+ of \d+%3A [^\n]*::put › test_put_preserves_metadata/m);
    expect(out.stdout).not.toMatch(/title=memory › /);
    expect(readFileSync(summary, "utf8")).toContain("# Conformance matrix");
  });

  it("refuses shards of different runs with one line, exit 2", async () => {
    const shard2 = JSON.parse(readFileSync(file("shard-2.json"), "utf8")) as { run: { version: string; options: Record<string, unknown> } };
    const write = (name: string, value: unknown) => (writeFileSync(file(name), JSON.stringify(value)), file(name));
    const [one, two] = [file("shard-1.json"), file("shard-2.json")];
    const otherVersion = write("other-version.json", { ...shard2, run: { ...shard2.run, version: "0.0.1" } });
    expectUsageError(await runInProcess(["merge", one, otherVersion]), "different versions of the suite", "0.0.1 in shard 2/2");
    const otherSeed = await runInProcess([...RUN, "--seed", "7", "--shard", "2/2", "--reporter", `report-json:${file("other-seed.json")}`]);
    expect(otherSeed.code, otherSeed.stderr).toBe(0);
    expectUsageError(await runInProcess(["merge", one, file("other-seed.json")]), "different options: model is", '"seed":7');
    const otherBackends = write("other-backends.json", { ...shard2, backends: [{ id: "memory", title: "MemorySaver" }] });
    expectUsageError(await runInProcess(["merge", one, otherBackends]), "different backend lists");
    expectUsageError(await runInProcess(["merge", one, one]), "shard 1/2 is given 2 times");
    expectUsageError(await runInProcess(["merge", one]), "shard 2/2 is missing");
    const { shard: _shard, ...unsharded } = shard2 as typeof shard2 & { shard: unknown };
    expectUsageError(await runInProcess(["merge", one, write("unsharded.json", unsharded)]), "whole matrix run, not a shard's");
    const single = await runInProcess([
      spawnedFixture("test/cli/fixtures/memory.ts"),
      "--capabilities",
      "put",
      "--model",
      "0",
      "--shard",
      "1/2",
      "--reporter",
      `report-json:${file("single.json")}`,
    ]);
    expect(single.code, single.stderr).toBe(0);
    expectUsageError(await runInProcess(["merge", one, file("single.json")]), "mix matrix reports (--backends) and single-saver reports");
    expectUsageError(await runInProcess(["merge", one, two, "--reporter", "dots"]), "--reporter dots does not apply to a backend matrix");
  }, 120_000);
});

it("a shard with no backend writes a report that the merge takes", async () => {
  const run = ["--backends", "memory", "--no-graph", "--model", "0"];
  const empty = await runInProcess([...run, "--shard", "2/2", "--reporter", `report-json:${file("empty-2.json")}`]);
  expect(empty.code, empty.stderr).toBe(0);
  expect(empty.stdout).toContain("shard 2/2 has no backend to run");
  const first = await runInProcess([...run, "--shard", "1/2", "--reporter", `report-json:${file("empty-1.json")}`]);
  expect(first.code, first.stderr).toBe(0);
  const merged = await runInProcess(["merge", file("empty-1.json"), file("empty-2.json"), "--reporter", "markdown"]);
  expect(merged.code, merged.stderr).toBe(0);
  expect(merged.stdout).toContain("1 backend ran");
  expect(merged.stdout).toContain("| **level** | FULL |");
}, 120_000);
