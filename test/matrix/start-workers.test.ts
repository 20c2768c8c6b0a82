import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { startProgram, type StartJob } from "../../src/matrix/start-lanes.js";
import { StartResults } from "../../src/matrix/start-results.js";
import { startWorkers } from "../../src/supervisor/start-workers.js";
import { REPO_ROOT } from "../cli/run-cli-process.js";
import { processesMentioning } from "../backends/process-probe.js";

/**
 * npm start's worker processes for real (src/supervisor/start-worker.ts from
 * the sources), on memory's column split in two shards, without the graph
 * scenarios and with no server: quick, and no port or file shared with other tests.
 */
const program = startProgram(false, {});
const memoryShard = (index: number): StartJob => ({ kind: "column", section: "savers", id: "memory", shard: { index, count: 2 } });

/** The pids of this test's workers, found by a marker in their environment. */
async function workersMarked(marker: string): Promise<number[]> {
  const pids: number[] = [];
  for (const pid of await processesMentioning("start-worker")) {
    const environ = await readFile(`/proc/${pid}/environ`, "utf8").catch(() => "");
    if (environ.split("\0").includes(`LGC_TEST_MARKER=${marker}`)) pids.push(pid);
  }
  return pids;
}

describe("npm start's worker processes", () => {
  it("each run their jobs and send the outcomes back: two shards of one column become one report, and the workers end", async () => {
    const shards = [memoryShard(1), memoryShard(2)];
    const results = new StartResults(program, shards);
    const workers = startWorkers([[shards[0]!], [shards[1]!]], false, results, REPO_ROOT, { ...process.env, LGC_TEST_MARKER: "unused" });
    workers.begin(undefined);
    const outcome = await results.outcome("savers", "memory");
    await workers.ended;
    expect(outcome.status, JSON.stringify(outcome)).toBe("ran");
    const report = (outcome as Extract<typeof outcome, { status: "ran" }>).report;
    expect(report.levelLabel()).toBe("FULL");
    expect(report.shard, "the shards' reports are merged into the whole run's").toBeUndefined();
    expect(Object.values(report.results).reduce((n, r) => n + (r?.tests.length ?? 0), 0)).toBeGreaterThan(150);
  }, 120_000);

  it("a worker that dies mid-run: its job is its backend's error saying how it ended, and nothing waits for it", async () => {
    const marker = randomUUID();
    const job: StartJob = { kind: "column", section: "savers", id: "memory" };
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const results = new StartResults(program, [job], (_, options) => ({ ...options, onBackendStart: () => started() }));
    const workers = startWorkers([[job]], false, results, REPO_ROOT, { ...process.env, LGC_TEST_MARKER: marker });
    workers.begin(undefined);
    await running;
    const [pid] = await workersMarked(marker);
    process.kill(pid!, "SIGKILL");
    const outcome = await results.outcome("savers", "memory");
    await workers.ended;
    expect(outcome).toMatchObject({
      status: "error",
      error: "npm start's worker process running it ended (killed by SIGKILL) before it finished",
    });
  }, 120_000);

  it("jobs that cannot run (their server did not start) fail with why, and the workers end unused", async () => {
    const job: StartJob = { kind: "column", section: "savers", id: "postgres", shard: { index: 1, count: 1 } };
    const results = new StartResults(program, [job]);
    const workers = startWorkers([[job]], false, results, REPO_ROOT, process.env);
    workers.cancel("the PostgreSQL server could not start: initdb failed");
    await workers.ended;
    expect(await results.outcome("savers", "postgres")).toMatchObject({
      status: "error",
      error: "the PostgreSQL server could not start: initdb failed",
    });
  }, 60_000);
});
