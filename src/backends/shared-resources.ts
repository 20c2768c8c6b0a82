import { startPgliteServer } from "./pglite/server.js";
import { acquirePostgres, type PostgresServer } from "./postgres/server.js";
import type { BackendResources } from "./types.js";

/** A backend of any kind, as far as shared resources go: which server it uses. */
interface UsesServer {
  readonly uses?: "postgres" | "pglite";
}

/**
 * The resources several backends of one run share: the postgres variants use
 * one PostgreSQL server, started the first time one of them needs it (embedded,
 * or `POSTGRES_URL`) and stopped by `release()`; the PGlite store likewise one
 * PGlite + pgvector server. A server passed in is used and never stopped.
 */
export class SharedResources {
  readonly resources: BackendResources;
  /** Set once a server was acquired here: what kind, and how long it took to be ready. */
  postgres?: { kind: PostgresServer["kind"]; startMs: number };
  /** Set once a PGlite server was started here, with how long it took. */
  pglite?: { startMs: number };
  private owned: { stop(): Promise<void> }[] = [];
  private failures = new Map<"postgres" | "pglite", string>();

  constructor(given: BackendResources = {}) {
    this.resources = { ...given };
  }

  /** Starts what the backend uses, once per run. Returns why the backend cannot run, or undefined when it can. */
  async prepare(backend: UsesServer): Promise<string | undefined> {
    const uses = backend.uses;
    if (uses === undefined || this.resources[uses]) return undefined;
    if (this.failures.has(uses)) return this.failures.get(uses);
    const started = performance.now();
    try {
      if (uses === "postgres") {
        const server = (this.resources.postgres = await acquirePostgres());
        this.owned.push(server);
        this.postgres = { kind: server.kind, startMs: performance.now() - started };
      } else {
        const server = (this.resources.pglite = await startPgliteServer());
        this.owned.push(server);
        this.pglite = { startMs: performance.now() - started };
      }
    } catch (error) {
      const what = uses === "postgres" ? "the PostgreSQL server" : "the PGlite server";
      this.failures.set(uses, `${what} could not start: ${(error as Error).message}`);
    }
    return this.failures.get(uses);
  }

  /** Stops what was started here (newest first); safe to call on every path. */
  async release(): Promise<void> {
    const owned = this.owned.reverse();
    this.owned = [];
    const failed: unknown[] = [];
    for (const server of owned) await server.stop().catch((error: unknown) => failed.push(error));
    if (failed.length > 0) throw failed[0];
  }
}
