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
