import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SAME_INTERRUPT_MS, SURELY_AGAIN_MS } from "../../src/cleanup/signals.js";
import { ENTRY_POINTS, EntryPointRun, NPM_START, privateTmp, removePrivateDirs } from "./entry-point-run.js";

/**
 * Every entry point, started in its own process group with a private TMPDIR,
 * signalled as a terminal (Ctrl-C: SIGINT to the group) or a CI runner
 * (SIGTERM, SIGKILL) does at points of a run shown by its output or its files:
 * the partial report is marked interrupted, the exit code is 128 + the signal,
 * and nothing is left: no file, no process of the group, no PostgreSQL server.
 */

// Generous: tsx start-up and a PostgreSQL server on a busy shared 2-core machine.
const RUN_TIMEOUT_MS = 180_000;

afterAll(removePrivateDirs);

describe.concurrent("an interrupted run reports what ran, exits 128 + signal and leaves nothing behind", () => {
  // npm start starts its PostgreSQL server first thing, while memory runs (the workers' postgres shards wait for it):
  // at initdb postgres has not started, and what else finished depends on the machine's speed.
  it(
    "npm start, one Ctrl-C while initdb creates the data directory (the group: npm, sh, node; the workers in their own groups): a partial report with postgres not started, the directory removed, the workers ended, exit 130",
    async () => {
      const run = await EntryPointRun.command(NPM_START);
      await run.waitUntil("initdb writes the data directory", () => run.initdbRunning());
      const workers = await run.startWorkerPids();
      run.signalGroup("SIGINT");
      expect(await run.shellStatus(), run.output).toBe(130);
      expect(run.stderr, "one keypress is one interrupt").not.toContain("SIGINT again");
      expect(run.stdout).toContain("INTERRUPTED by SIGINT: a partial report of the backends that finished");
      expect(run.stdout).toMatch(/Not started: (.*, )?postgres\.\n/);
      expect(workers, "npm start's worker processes").toHaveLength(2);
      await run.expectNothingLeft(workers);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "npm start, one Ctrl-C passed on again a moment later (as npm and tsx relay it): still one interrupt, its clean-up finishes, exit 130",
    async () => {
      const run = await EntryPointRun.command(NPM_START);
      await run.waitUntil("initdb writes the data directory", () => run.initdbRunning());
      const workers = await run.startWorkerPids();
      run.signalGroup("SIGINT");
      await new Promise((resolve) => setTimeout(resolve, 60));
      run.signalGroup("SIGINT");
      expect(await run.shellStatus(), run.output).toBe(130);
      expect(run.stderr).not.toContain("SIGINT again");
      expect(run.stdout).toMatch(/Not started: (.*, )?postgres\.\n/);
      await run.expectNothingLeft(workers);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "npm start, Ctrl-C pressed twice during initdb: stops at once, and the data directory still goes (after its processes are gone), exit 130",
    async () => {
      const run = await EntryPointRun.command(NPM_START);
      await run.waitUntil("initdb writes the data directory", () => run.initdbRunning());
      const workers = await run.startWorkerPids();
      run.signalGroup("SIGINT");
      await new Promise((resolve) => setTimeout(resolve, SAME_INTERRUPT_MS + 100));
      run.signalGroup("SIGINT");
      expect(await run.shellStatus(), run.output).toBe(130);
      expect(run.stdout).toContain("INTERRUPTED by SIGINT");
      await run.expectNothingLeft(workers);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "npm start, SIGTERM to the group while the workers run PostgresSaver's shards: the workers end (their own process groups), the server and its directory go, exit 143",
    async () => {
      const run = await EntryPointRun.command(NPM_START);
      await run.waitUntil("the server is ready for the workers", () => run.postgresReady());
      const workers = await run.startWorkerPids();
      run.signalGroup("SIGTERM");
      expect(await run.shellStatus(), run.output).toBe(143);
      expect(run.stdout).toContain("INTERRUPTED by SIGTERM: a partial report of the backends that finished");
      expect(workers, "npm start's worker processes").toHaveLength(2);
      await run.expectNothingLeft(workers);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "the CLI with --backends, SIGTERM (CI cancellation) during the postgres suite: exit 143",
    async () => {
      const run = await EntryPointRun.cli(ENTRY_POINTS.cli);
      await run.waitUntil("the postgres suite runs", () => run.postgresReady());
      run.signalGroup("SIGTERM");
      const { code } = await run.ended;
      expect(code, run.output).toBe(143);
      expect(run.stdout).toContain("INTERRUPTED by SIGTERM");
      expect(run.stdout).toContain("while postgres was running");
      expect(run.stdout).toMatch(/capability\s+memory\s+sqlite\n/);
      await run.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "the CLI with --backends, Ctrl-C during the sqlite suite: its temporary database goes, postgres never starts, exit 130",
    async () => {
      const run = await EntryPointRun.cli(ENTRY_POINTS.cli);
      await run.waitUntil("the sqlite suite runs", () => run.hasDir("lgc-sqlite-"));
      run.signalGroup("SIGINT");
      const { code } = await run.ended;
      expect(code, run.output).toBe(130);
      expect(run.stdout).toContain("while sqlite was running");
      expect(run.stdout).toContain("Not started: postgres.");
      await run.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "the CLI on a user's saver (supervised), Ctrl-C mid-run: the factory's own clean-up still runs (its directory goes), exit 130",
    async () => {
      const run = await EntryPointRun.cli(["test/interrupts/fixtures/own-temp-dir-saver.ts", "--no-graph"]);
      await run.waitUntil("the saver's directory exists", () => run.hasDir("user-saver-"));
      run.signalGroup("SIGINT");
      const { code } = await run.ended;
      expect(code, run.output).toBe(130);
      expect(run.stdout).toContain("interrupted by SIGINT");
      await run.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "npm run matrix, Ctrl-C, then Ctrl-C again while a server that does not stop holds up the clean-up: exits at once, the partial matrix is in its files, no server left",
    async () => {
      const out = await privateTmp();
      const run = await EntryPointRun.start([...ENTRY_POINTS.matrix, "--out", out]);
      await run.waitUntil("the postgres suite runs", () => run.postgresReady());
      // A stopped postmaster cannot act on the shutdown it is asked for: the first clean-up waits for it.
      process.kill((await run.postmasterPid())!, "SIGSTOP");
      run.signalGroup("SIGINT");
      await run.waitUntil("the clean-up is under way", () =>
        run.stderr.includes("SIGINT: cleaning up (press Ctrl-C again to stop at once)"),
      );
      // Pressed again, however busy the run is, not the same keypress passed on by npm or tsx
      // (the stopped server holds the clean-up up for 10 s).
      await new Promise((resolve) => setTimeout(resolve, SURELY_AGAIN_MS));
      run.signalGroup("SIGINT");
      const { code } = await run.ended;
      expect(code, run.output).toBe(130);
      expect(run.stderr).toContain("SIGINT again: stopping at once");
      const json = JSON.parse(await readFile(join(out, "matrix.json"), "utf8")) as {
        interrupted: { signal: string; during: { id: string } };
      };
      expect(json.interrupted).toMatchObject({ signal: "SIGINT", during: { id: "postgres" } });
      expect(await readFile(join(out, "matrix.md"), "utf8")).toContain("**INTERRUPTED by SIGINT");
      await run.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "npm run bench, Ctrl-C while it measures whole processes (in the same group): what was measured is shown, results.md untouched, exit 130",
    async () => {
      const results = await readFile(new URL("../../bench/results.md", import.meta.url), "utf8");
      const run = await EntryPointRun.start(ENTRY_POINTS.bench);
      await run.waitUntil("the whole-process measurements run", () => run.hasDir("lgc-bench-"));
      run.signalGroup("SIGINT");
      const { code } = await run.ended;
      expect(code, run.output).toBe(130);
      expect(run.stdout).toContain("bench: INTERRUPTED by SIGINT during suite speed; bench/results.md was not written. Measured so far:");
      expect(run.stdout).toContain("validate() in-process, storage suites (MemorySaver)");
      expect(await readFile(new URL("../../bench/results.md", import.meta.url), "utf8")).toBe(results);
      await run.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "the CLI with --bench, SIGTERM while it measures postgres: sqlite's table shown, exit 143",
    async () => {
      const run = await EntryPointRun.cli(ENTRY_POINTS.cliBench);
      await run.waitUntil("postgres is measured", async () => run.stderr.includes("Measuring postgres") && (await run.postgresReady()));
      run.signalGroup("SIGTERM");
      const { code } = await run.ended;
      expect(code, run.output).toBe(143);
      expect(run.stdout).toContain("INTERRUPTED by SIGTERM while measuring postgres: a partial result");
      expect(run.stdout).toMatch(/^sqlite$/m);
      await run.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );
});

describe.concurrent("a run killed outright (SIGKILL) is cleaned up by the next run", () => {
  it(
    "SIGKILL to the group during the postgres suite: the next run removes the data directory and says so in one line",
    async () => {
      const killed = await EntryPointRun.cli(ENTRY_POINTS.cli);
      await killed.waitUntil("the postgres suite runs", () => killed.postgresReady());
      killed.signalGroup("SIGKILL");
      await killed.ended;
      await killed.gone();
      expect(await killed.hasDir("lgc-postgres-"), "a killed run cannot clean up").toBe(true);

      const next = await EntryPointRun.cli(ENTRY_POINTS.cliNext, { tmp: killed.tmp });
      const { code } = await next.ended;
      expect(code, next.output).toBe(0);
      const notes = next.stderr.split("\n").filter((line) => line.includes("removed"));
      expect(notes, next.output).toHaveLength(1);
      expect(notes[0]).toMatch(
        /^checkpoint-conformance: removed a temporary directory left in .* by a run that was killed before it could clean up: lgc-postgres-\w+$/,
      );
      await next.expectNothingLeft();
      await killed.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "SIGKILL to the group during the sqlite suite: the next run removes its temporary database",
    async () => {
      const killed = await EntryPointRun.cli(ENTRY_POINTS.cli);
      await killed.waitUntil("the sqlite suite runs", () => killed.hasDir("lgc-sqlite-"));
      killed.signalGroup("SIGKILL");
      await killed.ended;
      await killed.gone();
      // The supervised child (its own group) outlives the kill for a moment and removes what it tracked.
      await killed.orphansGone();
      // Each capability has its own database: the kill may land between two of them, when none is on disk, or
      // between creating a directory and writing its owner marker (the test kills as soon as the directory
      // appears), when the directory cannot be attributed to the dead run and is left alone by design.
      const sqliteDirs = (await readdir(killed.tmp)).filter((name) => name.startsWith("lgc-sqlite-"));
      const unattributable = await killed.unattributable("lgc-sqlite-");
      const marked = sqliteDirs.filter((name) => !unattributable.names.includes(name));

      const next = await EntryPointRun.cli(ENTRY_POINTS.cliNext, { tmp: killed.tmp });
      const { code } = await next.ended;
      expect(code, next.output).toBe(0);
      // Several may be on disk at once: a test's extra savers, tests running at once.
      if (marked.length === 1) expect(next.stderr).toMatch(/removed a temporary directory .*: lgc-sqlite-\w+\n/);
      if (marked.length > 1) expect(next.stderr).toMatch(new RegExp(`removed ${marked.length} temporary directories .*: lgc-sqlite-`));
      for (const name of marked) expect(next.stderr).toContain(name);
      if (marked.length === 0) expect(next.stderr).not.toMatch(/removed (a|\d+) temporary director/);
      await unattributable.leftAlone();
      await next.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    "SIGKILL to the node process only (as the OOM killer does): the next run also stops the orphaned PostgreSQL server",
    async () => {
      const killed = await EntryPointRun.start(ENTRY_POINTS.start);
      await killed.waitUntil("the postgres suite runs", () => killed.postgresReady());
      const postmaster = await killed.postmasterPid();
      killed.signalProcess("SIGKILL");
      await killed.ended;
      expect(postmaster !== undefined && isAlive(postmaster), "the server outlives a run killed alone").toBe(true);
      // The workers (their own groups) end by themselves when the main process dies; until then they still write in TMPDIR.
      await killed.orphansGone();
      // The killed process ran the SQLite suites itself: the kill may land as it creates a directory.
      const unattributable = await killed.unattributable();

      // Seen once in a full run at load 12: the server was gone by the next run's sweep. Said, for the next time.
      const aliveBeforeNext = isAlive(postmaster!);
      const next = await EntryPointRun.cli(ENTRY_POINTS.cliNext, { tmp: killed.tmp });
      const { code } = await next.ended;
      expect(code, next.output).toBe(0);
      expect(
        next.stderr,
        `the server (pid ${postmaster}) was ${aliveBeforeNext ? "alive" : "already gone"} as the next run started`,
      ).toContain(`(and its PostgreSQL server, pid ${postmaster})`);
      await unattributable.leftAlone();
      await next.expectNothingLeft();
      await killed.expectNothingLeft();
    },
    RUN_TIMEOUT_MS,
  );
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
