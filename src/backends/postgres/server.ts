import type { PostgresServer } from "./postgres-server.js";

export type { PostgresServer };

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
