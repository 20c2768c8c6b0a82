import type { SubjectKindId } from "../kinds/descriptors.js";
import type { AnyRegistration, KnownDeviation, RegisteredCheckpointer } from "../registration.js";
import type { PgliteServer } from "./pglite/server.js";
import type { PostgresServer } from "./postgres/server.js";

/** Whether a backend can run on this machine, and if not, why. @public */
/** Whether a backend can run here; `noServer`: it could, but no server is configured for it (its URL variable is not set). @public */
export type Availability = { ok: true } | { ok: false; reason: string; noServer?: true };

/**
 * Resources a caller may share between backends of one run (the matrix starts
 * one PostgreSQL server for all postgres variants). A backend that gets none
 * starts and stops its own in the registration's lifespan.
 * @public
 */
export interface BackendResources {
  /** A running PostgreSQL server; the caller owns it (the backend never stops it). */
  postgres?: PostgresServer;
  /** A running PGlite + pgvector server (vector search for PostgresStore); the caller owns it. */
  pglite?: PgliteServer;
}

/**
 * A column of the conformance matrix (`runMatrix()`): a saver backend, or a
 * built-in store or cache as its kind's registration (src/backends/subject-matrix.ts).
 * @public
 */
export interface MatrixBackend {
  readonly id: string;
  readonly title: string;
  /** The kind of subject its registration is; default checkpointer. */
  readonly kind?: SubjectKindId;
  readonly knownDeviations: readonly KnownDeviation[];
  readonly uses?: "postgres" | "pglite";
  available(): Promise<Availability>;
  registration(resources?: BackendResources): AnyRegistration;
}

/**
 * One backend: a real saver behind the same small interface, so one suite runs on all.
 * @public
 */
export interface Backend extends MatrixBackend {
  /** Stable id used by `CONFORMANCE_BACKENDS` and `--backends`, e.g. `"sqlite-memory"`. */
  readonly id: string;
  /** The name shown in reports, e.g. `"SqliteSaver (:memory:)"`. */
  readonly title: string;
  /** The behaviours this backend's saver is known to break, with the reason (passed to the registration). */
  readonly knownDeviations: readonly KnownDeviation[];
  /** Which shared resource the backend uses, so a run can start it once for all. */
  readonly uses?: "postgres";
  /** Cheap check: is the driver installed and the server (or its URL) there? Never throws. */
  available(): Promise<Availability>;
  /** What `checkpointerTest()` returns: a fresh saver per factory call, cleaned up after. */
  registration(resources?: BackendResources): RegisteredCheckpointer;
}
