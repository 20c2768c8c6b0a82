import type { KnownDeviation, SubjectLease } from "../registration.js";
import { checkAvailability, selectBackends, type CheckedBackend } from "./select.js";
import type { Availability, BackendResources } from "./types.js";

/** A store or cache backend's `create()` returns a fresh subject and how to release it (stops the subject, removes what it created). */
export type { SubjectLease };

/**
 * A built-in backend of another kind than the checkpointer (a store or a
 * cache): the same id, title, availability and shared resources as a saver
 * `Backend`, with a plain factory that the kind's registration wraps.
 * @public
 */
export interface SubjectBackend<S, Opts, Cap extends string = string> {
  /** Stable id, e.g. `"postgres"` (ids are per kind: a store and a saver may share one). */
  readonly id: string;
  /** The name shown in reports, e.g. `"PostgresStore (embedded PostgreSQL)"`. */
  readonly title: string;
  /** The options the kind's registration declares (extended capabilities: TTL, index). */
  readonly options: Opts;
  /** Capabilities left out on purpose, each with the reason (shown as not applicable). */
  readonly notApplicable?: Readonly<Partial<Record<Cap, string>>>;
  /** The behaviours this backend is known to break, with the reason. */
  readonly knownDeviations: readonly KnownDeviation[];
  /** Which shared server it needs, so a run starts it once for all. */
  readonly uses?: "postgres" | "pglite";
  /**
   * Runs only when asked for by id or when this environment variable is `1`
   * (a slow start); `reason` says why, and is the skip reason otherwise.
   */
  readonly optIn?: { readonly env: string; readonly reason: string };
  /** Cheap check: drivers installed, server reachable? Never throws. */
  available(): Promise<Availability>;
  /** A fresh, empty subject on the given resources (a server-backed one needs its server there). */
  create(resources?: BackendResources): Promise<SubjectLease<S>>;
}

/**
 * The store or cache backends a run uses: `selection` (ids, a comma-separated
 * string, or `"all"`; default all), each with its availability. An opt-in
 * backend in "all" is kept, as skipped with its reason, unless its environment
 * variable is `1`; asked for by id, it runs.
 * @public
 */
export async function checkSubjectBackends<B extends SubjectBackend<unknown, unknown>>(
  all: readonly B[],
  selection: string | readonly string[] = "all",
  env: NodeJS.ProcessEnv = process.env,
): Promise<CheckedBackend<B>[]> {
  const chosen = selectBackends(all, selection, env);
  const byId = new Set((typeof selection === "string" ? selection.split(",") : selection).map((id) => id.trim()));
  const checked = await checkAvailability(chosen);
  return checked.map(({ backend, availability }) =>
    backend.optIn && !byId.has(backend.id) && env[backend.optIn.env] !== "1"
      ? { backend, availability: { ok: false, reason: backend.optIn.reason } }
      : { backend, availability },
  );
}
