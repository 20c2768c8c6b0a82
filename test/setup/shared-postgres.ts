import { POSTGRES_URL_ENV } from "../../src/backends/postgres/server.js";
import type { PostgresServer } from "../../src/backends/postgres/postgres-server.js";

/**
 * vitest globalSetup: one embedded PostgreSQL server for the whole run (unless
 * POSTGRES_URL names one already), its URL in POSTGRES_URL, which every worker
 * and every process a test starts inherits. Whatever just needs *a* server
 * (acquirePostgres(), a postgres backend's lifespan, a CLI run on the postgres
 * backends) then uses it instead of an initdb and start of its own; the suites
 * each create and drop their own schemas (random per run), so files running
 * at once do not collide. Tests of the embedded server's own lifecycle (start,
 * Ctrl-C, leftovers) start theirs explicitly (startEmbeddedPostgres()) or set
 * POSTGRES_URL to "" for the processes they spawn. Runs after private-tmpdir:
 * the server's directory is in the run's TMPDIR, and is gone before that is checked.
 */

/**
 * The run's server, on globalThis: vitest calls this setup once per project, each time from a fresh copy of this
 * module, and possibly while the first call still starts the server: every call waits for the one start, the first
 * one stops it.
 */
const RUN_SERVER = Symbol.for("langgraph-checkpoint-conformance.test-run-postgres");
const state = globalThis as { [RUN_SERVER]?: Promise<PostgresServer> };

export default async function setup(): Promise<() => Promise<void>> {
  const started = state[RUN_SERVER];
  if (started !== undefined) {
    await started;
    return async () => undefined;
  }
  if (process.env[POSTGRES_URL_ENV]) return async () => undefined;
  const starting = import("../../src/backends/postgres/embedded.js").then(({ startEmbeddedPostgres }) => startEmbeddedPostgres());
  state[RUN_SERVER] = starting;
  const server = await starting;
  process.env[POSTGRES_URL_ENV] = server.url;
  return async () => {
    delete state[RUN_SERVER];
    delete process.env[POSTGRES_URL_ENV];
    await server.stop();
  };
}
