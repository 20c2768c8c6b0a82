import { ConformanceUsageError } from "../registration.js";
import type { Availability, Backend } from "./types.js";

/** The environment variable choosing backends, e.g. `CONFORMANCE_BACKENDS=memory,sqlite`. @public */
export const BACKENDS_ENV = "CONFORMANCE_BACKENDS";

/**
 * The backends to run, from `selection` (ids, a comma-separated string, or
 * `"all"`), else from `CONFORMANCE_BACKENDS`, else all of them. Every selected
 * backend stays in the list: one that cannot run here is reported as skipped
 * (see `checkAvailability`), never dropped.
 * @public
 */
export function selectBackends<B extends { readonly id: string } = Backend>(
  all: readonly B[],
  selection?: string | readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): B[] {
  const source = selection !== undefined ? "the backends option" : BACKENDS_ENV;
  const raw = selection ?? env[BACKENDS_ENV] ?? "all";
  const ids = (typeof raw === "string" ? raw.split(",") : [...raw]).map((id) => id.trim()).filter((id) => id !== "");
  if (ids.length === 0 || ids.includes("all")) return [...all];
  const unknown = ids.filter((id) => !all.some((b) => b.id === id));
  if (unknown.length > 0) {
    throw new ConformanceUsageError(
      `${source}: unknown backend ${unknown.map((id) => `"${id}"`).join(", ")}; known: ${all.map((b) => b.id).join(", ")}, or "all"`,
    );
  }
  return all.filter((b) => ids.includes(b.id));
}

/** A backend with its availability on this machine. @public */
export interface CheckedBackend<B = Backend> {
  backend: B;
  availability: Availability;
}

/** Asks every backend whether it can run here (in parallel; `available()` never throws, but a throw becomes a reason). */
export function checkAvailability<B extends Pick<Backend, "available"> = Backend>(backends: readonly B[]): Promise<CheckedBackend<B>[]> {
  return Promise.all(
    backends.map(async (backend) => ({
      backend,
      availability: await backend
        .available()
        .catch((error: unknown): Availability => ({ ok: false, reason: `checking availability failed: ${(error as Error).message}` })),
    })),
  );
}
