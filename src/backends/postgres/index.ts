import type { Backend } from "../types.js";
import { postgresAvailable } from "./available.js";
import { POSTGRES_DEVIATIONS } from "./deviations.js";
import { postgresRegistration, type PostgresVariant } from "./registration.js";

function makePostgresBackend(id: string, variant: PostgresVariant): Backend {
  return {
    id,
    title: variant.name,
    knownDeviations: variant.knownDeviations,
    uses: "postgres",
    available: () => postgresAvailable(),
    registration: (resources) => postgresRegistration(variant, resources?.postgres),
  };
}

/** PostgresSaver, each saver with its own connection pool (its connections reused from the run's) and its own schema. @public */
export const postgresBackend = makePostgresBackend("postgres", {
  name: "PostgresSaver",
  connections: "own",
  schemaStyle: "plain",
  knownDeviations: POSTGRES_DEVIATIONS,
});

/** PostgresSaver, every saver of a run on one shared `pg.Pool` (like upstream's postgres_pool). @public */
export const postgresPoolBackend = makePostgresBackend("postgres-pool", {
  name: "PostgresSaver (shared pool)",
  connections: "shared",
  schemaStyle: "plain",
  knownDeviations: POSTGRES_DEVIATIONS,
});

/** PostgresSaver in a schema whose name must be quoted (mixed case, space, hyphen). @public */
export const postgresSchemaBackend = makePostgresBackend("postgres-schema", {
  name: "PostgresSaver (quoted schema name)",
  connections: "own",
  schemaStyle: "quoted",
  knownDeviations: POSTGRES_DEVIATIONS,
});

export { startEmbeddedPostgres } from "./embedded.js";
export { acquirePostgres, externalPostgres, POSTGRES_URL_ENV, type PostgresServer } from "./server.js";
