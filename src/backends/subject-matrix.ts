import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";
import { cacheTest, storeTest } from "../kinds/register.js";
import type { AnyRegistration, SubjectFactory } from "../registration.js";
import { CACHE_BACKENDS, type CacheBackend } from "./cache/index.js";
import { STORE_BACKENDS, type StoreBackend } from "./store/index.js";
import type { SubjectBackend } from "./subject-backend.js";
import type { BackendResources, MatrixBackend } from "./types.js";

/** The factory of a registration over a built-in store or cache: a fresh subject per call, released after. */
function factoryOf<S>(backend: SubjectBackend<S, unknown>, resources: BackendResources | undefined): SubjectFactory<S> {
  return async function* () {
    const lease = await backend.create(resources);
    try {
      yield lease.subject;
    } finally {
      await lease.release();
    }
  };
}

/**
 * Skipped with its reason when opt-in and neither named nor turned on by its
 * environment variable; like a backend without its server, that does not fail
 * the matrix (it was not asked for).
 */
function availableOf(backend: SubjectBackend<unknown, unknown>, named: boolean, env: NodeJS.ProcessEnv): MatrixBackend["available"] {
  return async () =>
    backend.optIn && !named && env[backend.optIn.env] !== "1"
      ? { ok: false, reason: backend.optIn.reason, noServer: true }
      : backend.available();
}

/** A built-in store or cache as a matrix column: its kind's registration over the backend's factory, options and deviations. */
function subjectMatrixBackend<S>(
  kind: "store" | "cache",
  backend: SubjectBackend<S, unknown>,
  register: (resources: BackendResources | undefined) => AnyRegistration,
  named: boolean,
  env: NodeJS.ProcessEnv,
): MatrixBackend {
  return {
    id: backend.id,
    title: backend.title,
    kind,
    knownDeviations: backend.knownDeviations,
    ...(backend.uses ? { uses: backend.uses } : {}),
    available: availableOf(backend, named, env),
    registration: register,
  };
}

/** A built-in store as a matrix column. `named`: asked for by id (runs even when opt-in). @public */
export function storeMatrixBackend(backend: StoreBackend, named = false, env: NodeJS.ProcessEnv = process.env): MatrixBackend {
  const register = (resources: BackendResources | undefined) =>
    storeTest(
      { name: backend.title, knownDeviations: backend.knownDeviations, ...backend.options },
      factoryOf<BaseStore>(backend, resources),
    );
  return subjectMatrixBackend("store", backend, register, named, env);
}

/** A built-in cache as a matrix column. @public */
export function cacheMatrixBackend(backend: CacheBackend, named = false, env: NodeJS.ProcessEnv = process.env): MatrixBackend {
  const register = (resources: BackendResources | undefined) =>
    cacheTest(
      { name: backend.title, knownDeviations: backend.knownDeviations, ...backend.options },
      factoryOf<BaseCache>(backend, resources),
    );
  return subjectMatrixBackend("cache", backend, register, named, env);
}

/**
 * The store and cache matrices a `--backends` selection asks for: with "all",
 * every built-in store (the opt-in PGlite one skipped with its reason) and
 * cache; else the `store:<id>` and `cache:<id>` it names. Empty ones are left out.
 */
export function storeAndCacheMatrices(
  selection: readonly string[],
  all: boolean,
  env: NodeJS.ProcessEnv = process.env,
): { kind: "store" | "cache"; backends: MatrixBackend[] }[] {
  const pick = <B extends SubjectBackend<unknown, unknown>>(
    prefix: string,
    backends: readonly B[],
    make: (b: B, named: boolean, env: NodeJS.ProcessEnv) => MatrixBackend,
  ) =>
    backends
      .filter((b) => all || selection.includes(`${prefix}:${b.id}`))
      .map((b) => make(b, selection.includes(`${prefix}:${b.id}`), env));
  return [
    { kind: "store" as const, backends: pick("store", STORE_BACKENDS, storeMatrixBackend) },
    { kind: "cache" as const, backends: pick("cache", CACHE_BACKENDS, cacheMatrixBackend) },
  ].filter((m) => m.backends.length > 0);
}
