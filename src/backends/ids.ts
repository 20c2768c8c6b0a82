import { BACKENDS } from "./all.js";

/**
 * The built-in backend ids, in matrix order, taken from `BACKENDS`: the backend
 * modules load no package at import (each driver loads when its backend runs),
 * so the CLI checks `--backends` with this list without loading any saver.
 */
export const BACKEND_IDS: readonly string[] = BACKENDS.map((b) => b.id);
