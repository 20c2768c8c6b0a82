import { acquirePostgres, type PostgresServer } from "./postgres/server.js";
import type { Backend, BackendResources } from "./types.js";

/**
 * The resources several backends of one run share: the postgres variants use
 * one PostgreSQL server, started the first time one of them needs it (embedded,
 * or `POSTGRES_URL`) and stopped by `release()`. A server passed in is used and
 * never stopped.
 */
export class SharedResources {
  readonly resources: BackendResources;
  /** Set once a server was acquired here: what kind, and how long it took to be ready. */
  postgres?: { kind: PostgresServer["kind"]; startMs: number };
  private owned?: PostgresServer;
  private postgresFailure?: string;

  constructor(given: BackendResources = {}) {
    this.resources = { ...given };
  }

  /** Starts what the backend uses, once per run. Returns why the backend cannot run, or undefined when it can. */
  async prepare(backend: Backend): Promise<string | undefined> {
    if (backend.uses !== "postgres") return undefined;
    if (this.resources.postgres || this.postgresFailure !== undefined) return this.postgresFailure;
    const started = performance.now();
    try {
      this.owned = this.resources.postgres = await acquirePostgres();
      this.postgres = { kind: this.owned.kind, startMs: performance.now() - started };
    } catch (error) {
      this.postgresFailure = `the PostgreSQL server could not start: ${(error as Error).message}`;
    }
    return this.postgresFailure;
  }

  /** Stops what was started here; safe to call on every path. */
  async release(): Promise<void> {
    const owned = this.owned;
    this.owned = undefined;
    await owned?.stop();
  }
}
