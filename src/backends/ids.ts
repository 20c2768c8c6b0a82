import { BACKENDS } from "./all.js";

/**
 * The built-in backend ids, in matrix order, taken from `BACKENDS`: the backend
 * modules load no package at import (each driver loads when its backend runs),
 * so the CLI checks `--backends` with this list without loading any saver.
 */
export const BACKEND_IDS: readonly string[] = BACKENDS.map((b) => b.id);

/**
 * The `--backends` ids of the built-in stores and caches (`store:<id>`,
 * `cache:<id>`), written out so the CLI checks them without loading the store
 * modules; test/backends/store-cache-matrix.test.ts keeps them equal to
 * STORE_BACKENDS and CACHE_BACKENDS.
 */
export const STORE_CACHE_BACKEND_IDS: readonly string[] = ["store:memory", "store:postgres", "store:pglite", "cache:memory"];
