/**
 * The built-in backend ids, without loading the backends: the CLI checks
 * `--backends` with this list and loads the backends only when it runs them.
 * A test keeps it equal to the ids of `BACKENDS`.
 */
export const BACKEND_IDS = [
  "memory",
  "sqlite",
  "sqlite-memory",
  "sqlite-encrypted",
  "postgres",
  "postgres-pool",
  "postgres-schema",
  "mongodb",
  "redis",
] as const;
