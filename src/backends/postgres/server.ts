/**
 * A PostgreSQL server for the postgres backends: an existing one (`POSTGRES_URL`)
 * or an embedded one started for the run. The caller that acquired it stops it.
 * @public
 */
export interface PostgresServer {
  /** Connection string of a database the suite may create schemas in. */
  readonly url: string;
  readonly kind: "embedded" | "external";
  /** Embedded only: the data directory, `data/` inside the run's `lgc-postgres-*` temporary directory (both removed by `stop()`). */
  readonly dataDir?: string;
  /** Embedded only: the postmaster's process id. */
  readonly pid?: number;
  /** Embedded: stops the server and removes its directory. External: nothing. Idempotent. */
  stop(): Promise<void>;
}

/** The environment variable naming an existing server; without it an embedded one is started. */
export const POSTGRES_URL_ENV = "POSTGRES_URL";

/** An existing server: the suite only creates and drops its own schemas there. */
export function externalPostgres(url: string): PostgresServer {
  return { url, kind: "external", stop: async () => undefined };
}

/** `POSTGRES_URL` when set, else a fresh embedded server (started here, yours to stop). */
export async function acquirePostgres(env: NodeJS.ProcessEnv = process.env): Promise<PostgresServer> {
  const url = env[POSTGRES_URL_ENV];
  if (url) return externalPostgres(url);
  const { startEmbeddedPostgres } = await import("./embedded.js");
  return startEmbeddedPostgres();
}
