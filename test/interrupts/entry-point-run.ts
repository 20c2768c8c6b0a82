import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import { cliNodeArgs, REPO_ROOT } from "../cli/run-cli-process.js";
import { processesInGroup, processesMentioning } from "../backends/process-probe.js";
import { linkTsxCache } from "../setup/tsx-cache.js";
import { ownerMayBeAlive, readOwnerMarker } from "../../src/cleanup/owner-marker.js";

/** `npm start` as a user types it: npm, its shell and node, all in the group a terminal's Ctrl-C reaches. */
export const NPM_START = ["npm", "start", "--", "--no-graph"] as const;

/**
 * The entry points as a user starts them, each with its arguments: the scripts from the sources (tsx), the CLI's
 * (`cli*`, after EntryPointRun.cli) as SPAWNED_CLI says (the build when fresh, as `npx checkpoint-conformance` runs).
 * `--model 0`: the model sequences run after a backend's storage suites, and these runs are signalled during a
 * suite or at a state of the server or its files; the sequences would only add minutes of CPU before it.
 */
export const ENTRY_POINTS = {
  start: ["scripts/start.ts", "--no-graph"],
  cli: ["--backends", "memory,sqlite,postgres", "--no-graph", "--model", "0"],
  matrix: ["scripts/matrix.ts", "--backends", "memory,sqlite,postgres", "--no-graph", "--model", "0"],
  bench: ["bench/run.ts"],
  cliBench: ["--bench", "--backends", "sqlite,postgres", "--bench-sizes", "10,100"],
  /** The run after a killed one: what it checks (the leftovers swept at start-up) needs a run, not a long one. */
  cliNext: ["--backends", "memory", "--no-graph", "--capabilities", "get_tuple", "--model", "0"],
} as const;

/** A run of an entry point in its own process group, with a private TMPDIR. */
export class EntryPointRun {
  stdout = "";
  stderr = "";
  readonly ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly pid: number;

  private constructor(
    readonly tmp: string,
    command: readonly string[],
    env: NodeJS.ProcessEnv,
  ) {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: REPO_ROOT,
      // Its own process group, as a terminal's foreground job: a signal to the group reaches every process of the run.
      detached: true,
      // The embedded server on purpose (its start, Ctrl-C and leftovers are tested): not POSTGRES_URL, in `vitest run` the run's shared server.
      env: { ...process.env, TMPDIR: tmp, POSTGRES_URL: "", NO_COLOR: "1", BENCH_RUNS: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.pid = child.pid!;
    child.stdout.on("data", (chunk: Buffer) => (this.stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.ended = new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  }

  /** Starts `args` (after `node --import tsx`); `tmp`: a TMPDIR to reuse (a run after a killed one). */
  static async start(args: readonly string[], options: { tmp?: string; env?: NodeJS.ProcessEnv } = {}): Promise<EntryPointRun> {
    return EntryPointRun.command([process.execPath, "--import", "tsx", ...args], options);
  }

  /** Starts the CLI with `args` (from the build or the sources, as SPAWNED_CLI says). */
  static async cli(args: readonly string[], options: { tmp?: string; env?: NodeJS.ProcessEnv } = {}): Promise<EntryPointRun> {
    return EntryPointRun.command([process.execPath, ...cliNodeArgs(), ...args], options);
  }

  /** Starts a whole command line (`npm start`), its first word found on PATH. */
  static async command(command: readonly string[], options: { tmp?: string; env?: NodeJS.ProcessEnv } = {}): Promise<EntryPointRun> {
    return new EntryPointRun(options.tmp ?? (await privateTmp()), command, options.env ?? {});
  }

  /** The exit status a shell shows ($?): the code, or 128 + the signal that ended the process (npm ends itself by a Ctrl-C). */
  async shellStatus(): Promise<number> {
    const { code, signal } = await this.ended;
    return code ?? 128 + (signal ? constants.signals[signal] : 0);
  }

  get output(): string {
    return `--- stdout\n${this.stdout}\n--- stderr\n${this.stderr}`;
  }

  /** Signals the whole process group, as Ctrl-C in a terminal or a CI runner's cancellation does. */
  signalGroup(signal: NodeJS.Signals): void {
    process.kill(-this.pid, signal);
  }

  /** Signals the node process only (the out-of-memory killer picks one process). */
  signalProcess(signal: NodeJS.Signals): void {
    process.kill(this.pid, signal);
  }

  /** Waits (polling what the run shows: its output, its files) until `reached` holds; fails if the run ends first. */
  async waitUntil(what: string, reached: () => boolean | Promise<boolean>): Promise<void> {
    let ended = false;
    void this.ended.then(() => (ended = true));
    while (!(await reached())) {
      if (ended) throw new Error(`the run ended before ${what}\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** A temporary directory of the run whose name starts with `prefix` exists. */
  hasDir(prefix: string): Promise<boolean> {
    return readdir(this.tmp).then((names) => names.some((n) => n.startsWith(prefix)));
  }

  /** initdb is creating the run's data directory: files are there, the server has not started on it yet. */
  async initdbRunning(): Promise<boolean> {
    const name = (await readdir(this.tmp)).find((n) => n.startsWith("lgc-postgres-"));
    if (name === undefined) return false;
    const data = await readdir(join(this.tmp, name, "data")).catch(() => [] as string[]);
    return data.length > 0 && !data.includes("postmaster.pid");
  }

  /** The embedded PostgreSQL server accepts connections (its postmaster.pid says "ready"): the postgres suite is running. */
  async postgresReady(): Promise<boolean> {
    return /^ready/m.test(await this.postmasterPidFile());
  }

  /** The postmaster's pid of the run's server. */
  async postmasterPid(): Promise<number | undefined> {
    const pid = Number((await this.postmasterPidFile()).split("\n", 1)[0]);
    return pid > 0 ? pid : undefined;
  }

  /** PostgreSQL's postmaster.pid in the run's data directory ("" until there is one). */
  private async postmasterPidFile(): Promise<string> {
    const name = (await readdir(this.tmp)).find((n) => n.startsWith("lgc-postgres-"));
    return name === undefined ? "" : readFile(join(this.tmp, name, "data", "postmaster.pid"), "utf8").catch(() => "");
  }

  /** Nothing of the run is left: no file in its TMPDIR, no process in its group, no server on its directories. */
  /** Waits until no process of the run's group is left (a SIGKILLed group takes a moment to die; the next run must see it dead). */
  async gone(limitMs = 10_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while ((await processesInGroup(this.pid)).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  }

  /** npm start's worker processes (each in its own process group): those of this run, by its private TMPDIR. */
  async startWorkerPids(): Promise<number[]> {
    return this.ofThisRun(await processesMentioning("start-worker"));
  }

  /**
   * Waits until the run's node processes outside its group are gone too (a supervised child, npm start's workers:
   * each in its own group, each ends by itself when its parent dies, removing what it tracked as it goes): until
   * then they still create and remove files in TMPDIR. Its PostgreSQL server stays; the next run stops that.
   * One still running after `limitMs` fails the test (a worker outliving its parent is a bug, not a slow machine).
   */
  async orphansGone(limitMs = 90_000): Promise<void> {
    const deadline = Date.now() + limitMs;
    const left = async () => [
      ...(await this.ofThisRun(await nodeProcesses())).map((pid) => `process ${pid}`),
      ...(await this.ownedByLiveProcesses()),
    ];
    let still = await left();
    while (still.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      still = await left();
    }
    expect(
      still,
      `the killed run's processes, or directories whose owner marker names a live process, ${limitMs} ms after it was killed`,
    ).toEqual([]);
  }

  /**
   * The run's temporary directories without a readable owner marker: a kill that landed between creating one and
   * writing its marker (one synchronous step) leaves it so, and no run may remove a directory it cannot attribute. `leftAlone()`
   * checks that the next run did not touch them, and removes them.
   */
  async unattributable(prefix = "lgc-"): Promise<{ names: string[]; leftAlone(): Promise<void> }> {
    const names = (await readdir(this.tmp)).filter(
      (name) => name.startsWith(prefix) && readOwnerMarker(join(this.tmp, name)) === undefined,
    );
    return {
      names,
      leftAlone: async () => {
        for (const name of names) {
          expect(existsSync(join(this.tmp, name)), "a directory without an owner marker is never touched").toBe(true);
          await rm(join(this.tmp, name), { recursive: true, force: true });
        }
      },
    };
  }

  /** The run's temporary directories whose owner (by their marker) may still be alive: the next run leaves those alone. */
  private async ownedByLiveProcesses(): Promise<string[]> {
    const names = (await readdir(this.tmp)).filter((name) => name.startsWith("lgc-"));
    return names.flatMap((name) => {
      const marker = readOwnerMarker(join(this.tmp, name));
      return marker !== undefined && ownerMayBeAlive(marker) ? [`${name} (owner pid ${marker.pid})`] : [];
    });
  }

  /** Those of `pids` started with this run's private TMPDIR. */
  private async ofThisRun(pids: readonly number[]): Promise<number[]> {
    const mine: number[] = [];
    for (const pid of pids) {
      const environ = await readFile(`/proc/${pid}/environ`, "utf8").catch(() => "");
      if (environ.split("\0").includes(`TMPDIR=${this.tmp}`)) mine.push(pid);
    }
    return mine;
  }

  /** `processes`: others of the run outside its group (npm start's workers) that must be gone too. */
  async expectNothingLeft(processes: readonly number[] = []): Promise<void> {
    expect(processes.filter(isLive), `processes of the run left outside its group\n${this.output}`).toEqual([]);
    // tsx keeps its compile cache in TMPDIR; everything else there would be the run's.
    const left = (await readdir(this.tmp)).filter((name) => !name.startsWith("tsx-"));
    const described = left.map((name) => {
      const marker = readOwnerMarker(join(this.tmp, name));
      return marker === undefined
        ? `${name} (no owner marker)`
        : `${name} (owner pid ${marker.pid}${ownerMayBeAlive(marker) ? ", alive" : ", gone"})`;
    });
    expect(described, `leftover files in the run's TMPDIR\n${this.output}`).toEqual([]);
    expect(await processesInGroup(this.pid), `processes left in the run's group\n${this.output}`).toEqual([]);
    expect(await processesMentioning(this.tmp), `processes (a postmaster) still on the run's directories\n${this.output}`).toEqual([]);
  }
}

const privateDirs: string[] = [];

/** A fresh TMPDIR for one run: concurrent runs (other tests, CI jobs) never share one. */
export async function privateTmp(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "conformance-interrupt-test-"));
  // Like /tmp: as root, the server runs as the postgres user and must reach its directory here.
  await chmod(dir, 0o1777);
  // The run's tsx cache (linked to the machine's): npm start and the scripts start from the sources warm.
  linkTsxCache(dir, tmpdir());
  privateDirs.push(dir);
  return dir;
}

export async function removePrivateDirs(): Promise<void> {
  for (const dir of privateDirs.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** The process exists and is not a zombie (Linux /proc). */
function isLive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** Live (not zombie) node processes, by their command name (a PostgreSQL server's path names node_modules). */
async function nodeProcesses(): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    // pid (comm) state ...
    if (/^\d+ \(node\) [^Z]/.test(stat)) pids.push(Number(entry));
  }
  return pids;
}
