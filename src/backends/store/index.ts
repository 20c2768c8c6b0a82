import { InMemoryStore, type BaseStore } from "@langchain/langgraph-checkpoint";
import { IN_MEMORY_STORE_DEVIATIONS, POSTGRES_STORE_DEVIATIONS } from "../../kinds/store/deviations.js";
import { fakeEmbeddings } from "../../kinds/store/fake-embedder.js";
import type { StoreCapability } from "../../kinds/store/capabilities.js";
import type { StoreIndexOptions, StoreKindOptions } from "../../kinds/store/options.js";
import { optionalPackagesLoad } from "../../util/optional-import.js";
import { postgresAvailable } from "../postgres/available.js";
import type { SubjectBackend } from "../subject-backend.js";
import { createPostgresStore, POSTGRES_STORE_TTL } from "./postgres-store.js";

/** A built-in store backend. @public */
export type StoreBackend = SubjectBackend<BaseStore, StoreKindOptions, StoreCapability>;

/** The index every built-in store with vector search is built with: the deterministic fake embedder. */
const DIMS = 64;
const FAKE_INDEX: StoreIndexOptions = { dims: DIMS, embed: fakeEmbeddings(DIMS) };

/** The environment variable that adds the PGlite store to "all" (it is always run when asked for by id). @public */
export const PGLITE_ENV = "CONFORMANCE_PGLITE";

/** The cross-tenant prefix leak (ST-20) as a graph sees it: G25's search for tenant "ann" also returns tenant "anna". */
const POSTGRES_STORE_GRAPH_DEVIATIONS = [
  {
    tests: ["G25"],
    reason:
      'PostgresStore 1.0.5 matches a search prefix with LIKE on the ":"-joined path, so a node searching ["tenant", "ann"] also gets tenant "anna"\'s items (the cross-tenant prefix leak, langgraphjs#2721)',
  },
];

/** InMemoryStore with an index on the fake embedder, so vector search runs. @public */
export const memoryStoreBackend: StoreBackend = {
  id: "memory",
  title: "InMemoryStore",
  options: { index: FAKE_INDEX },
  notApplicable: { ttl: "InMemoryStore has no TTL" },
  knownDeviations: IN_MEMORY_STORE_DEVIATIONS,
  available: async () => ({ ok: true }),
  create: async () => ({
    subject: new InMemoryStore({ index: { dims: DIMS, embeddings: fakeEmbeddings(DIMS) } }),
    release: async () => undefined,
  }),
};

/** PostgresStore on the embedded PostgreSQL (or `POSTGRES_URL`), a fresh schema per store; no vector search. @public */
export const postgresStoreBackend: StoreBackend = {
  id: "postgres",
  title: "PostgresStore",
  options: { ttl: POSTGRES_STORE_TTL },
  notApplicable: { vector_search: "no pgvector in the embedded server (the pglite store backend runs it)" },
  knownDeviations: [...POSTGRES_STORE_DEVIATIONS, ...POSTGRES_STORE_GRAPH_DEVIATIONS],
  uses: "postgres",
  available: () => postgresAvailable(),
  create: (resources) => {
    const server = resources?.postgres;
    if (!server) throw new Error("PostgresStore backend: no PostgreSQL server in the resources (start one with acquirePostgres())");
    return createPostgresStore(server.url);
  },
};

/**
 * PostgresStore with vector search, on PGlite + pgvector behind its socket
 * server (in this process, in memory). Opt-in: PGlite's WebAssembly start
 * takes about a minute on a loaded machine (docs/backends.md).
 * @public
 */
export const pgliteStoreBackend: StoreBackend = {
  id: "pglite",
  title: "PostgresStore (PGlite + pgvector)",
  options: { ttl: POSTGRES_STORE_TTL, index: FAKE_INDEX },
  knownDeviations: [...POSTGRES_STORE_DEVIATIONS, ...POSTGRES_STORE_GRAPH_DEVIATIONS],
  uses: "pglite",
  optIn: {
    env: PGLITE_ENV,
    reason: `opt-in: PGlite takes about a minute to start on a loaded machine; ask for "pglite" by id or set ${PGLITE_ENV}=1`,
  },
  available: () =>
    optionalPackagesLoad([
      "@langchain/langgraph-checkpoint-postgres",
      "pg",
      "@electric-sql/pglite",
      "@electric-sql/pglite-pgvector",
      "@electric-sql/pglite-socket",
    ]),
  create: (resources) => {
    const server = resources?.pglite;
    if (!server) throw new Error("PGlite store backend: no PGlite server in the resources (start one with startPgliteServer())");
    return createPostgresStore(server.url, { index: FAKE_INDEX, maxConnections: server.maxConnections });
  },
};

/** Every built-in store backend, in matrix order. @public */
export const STORE_BACKENDS: readonly StoreBackend[] = [memoryStoreBackend, postgresStoreBackend, pgliteStoreBackend];
