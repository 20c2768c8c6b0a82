// Node's types for the public declarations, as in src/index.ts.
/// <reference types="node" preserve="true" />
/**
 * Ready registrations for real backends: `langgraph-checkpoint-conformance/backends`.
 *
 * ```ts
 * import { BACKENDS, selectBackends } from "langgraph-checkpoint-conformance/backends";
 * const report = await validate(sqliteBackend.registration());
 * ```
 * @public
 */
import { memoryBackend } from "./memory/index.js";
import { mongodbBackend } from "./mongodb/index.js";
import { postgresBackend, postgresPoolBackend, postgresSchemaBackend } from "./postgres/index.js";
import { redisBackend } from "./redis/index.js";
import { sqliteEncryptedBackend } from "./sqlite/encrypted.js";
import { sqliteBackend, sqliteMemoryBackend } from "./sqlite/index.js";
import { BACKENDS } from "./all.js";

export { BACKENDS };

export {
  memoryBackend,
  mongodbBackend,
  postgresBackend,
  postgresPoolBackend,
  postgresSchemaBackend,
  redisBackend,
  sqliteBackend,
  sqliteEncryptedBackend,
  sqliteMemoryBackend,
};
export {
  STORE_BACKENDS,
  memoryStoreBackend,
  postgresStoreBackend,
  pgliteStoreBackend,
  PGLITE_ENV,
  type StoreBackend,
} from "./store/index.js";
export { CACHE_BACKENDS, memoryCacheBackend, type CacheBackend } from "./cache/index.js";
export { checkSubjectBackends, type SubjectBackend, type SubjectLease } from "./subject-backend.js";
export { cacheMatrixBackend, storeMatrixBackend } from "./subject-matrix.js";
export { startPgliteServer, type PgliteServer, type PgliteServerOptions } from "./pglite/server.js";
export { BACKENDS_ENV, checkAvailability, selectBackends, type CheckedBackend } from "./select.js";
export type { Availability, Backend, BackendResources, MatrixBackend } from "./types.js";
export { acquirePostgres, externalPostgres, startEmbeddedPostgres, POSTGRES_URL_ENV, type PostgresServer } from "./postgres/index.js";
export { MONGODB_URL_ENV } from "./mongodb/index.js";
export { REDIS_URL_ENV } from "./redis/index.js";
export { createEncryptedSerializer } from "../serde/encrypted-serializer.js";
export {
  runMatrix,
  registrationBackend,
  renderMatrixTerminal,
  renderMatrixMarkdown,
  renderMatrixJson,
  matrixToJson,
  matrixVerdict,
  buildGrid,
  runProductMatrix,
  renderProductMatrix,
  productPassed,
  type ProductCase,
  type ProductMatrixOptions,
  type ProductMatrixResult,
  type MatrixOptions,
  type MatrixResult,
  type MatrixInterruption,
  type BackendOutcome,
  type MatrixGrid,
} from "../matrix/index.js";
