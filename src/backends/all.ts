import { memoryBackend } from "./memory/index.js";
import { mongodbBackend } from "./mongodb/index.js";
import { postgresBackend, postgresPoolBackend, postgresSchemaBackend } from "./postgres/index.js";
import { redisBackend } from "./redis/index.js";
import { sqliteEncryptedBackend } from "./sqlite/encrypted.js";
import { sqliteBackend, sqliteMemoryBackend } from "./sqlite/index.js";
import type { Backend } from "./types.js";

/**
 * Every built-in backend, in matrix order. Adding a backend is one folder plus
 * one line here: its id (`ids.ts`, what the CLI checks `--backends` with) is
 * taken from this list, and the backend modules load no package until they run.
 */
export const BACKENDS: readonly Backend[] = [
  memoryBackend,
  sqliteBackend,
  sqliteMemoryBackend,
  sqliteEncryptedBackend,
  postgresBackend,
  postgresPoolBackend,
  postgresSchemaBackend,
  mongodbBackend,
  redisBackend,
];
