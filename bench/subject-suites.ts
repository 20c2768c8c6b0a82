/**
 * The store and cache suites' own speed, in-process: InMemoryStore, PostgresStore
 * on an embedded server, InMemoryCache, each through the registration a user
 * writes (`storeTest` / `cacheTest`) around the built-in backend.
 */
import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";
import { cacheTest, storeTest, type ValidateOptions } from "../src/index.js";
import {
  acquirePostgres,
  memoryCacheBackend,
  memoryStoreBackend,
  postgresStoreBackend,
  type BackendResources,
  type CacheBackend,
  type StoreBackend,
} from "../src/backends/index.js";
import type { SubjectLease } from "../src/backends/subject-backend.js";
import { timeValidate, type Timing } from "./suite-speed.js";

/** The backend's lease as a registration's factory: a fresh subject per use, released after. */
function leased<S>(create: () => Promise<SubjectLease<S>> | SubjectLease<S>) {
  return async function* (): AsyncGenerator<S, void, unknown> {
    const lease = await create();
    try {
      yield lease.subject;
    } finally {
      await lease.release();
    }
  };
}

function storeRegistration(backend: StoreBackend, resources?: BackendResources) {
  return storeTest(
    { name: backend.title, ...backend.options, knownDeviations: backend.knownDeviations },
    leased<BaseStore>(() => backend.create(resources)),
  );
}

function cacheRegistration(backend: CacheBackend) {
  return cacheTest(
    { name: backend.title, ...backend.options, knownDeviations: backend.knownDeviations },
    leased<BaseCache>(() => backend.create()),
  );
}

/** `options`: the run's options (the model section stays off: these are the suites' times). */
export async function measureSubjectSuites(runs: number, options: ValidateOptions, onTiming: (timing: Timing) => void): Promise<void> {
  const suites = { ...options, graph: false as const, model: false as const };
  onTiming(await timeValidate("validate() in-process, store suite (InMemoryStore)", runs, storeRegistration(memoryStoreBackend), suites));
  onTiming(await timeValidate("validate() in-process, cache suite (InMemoryCache)", runs, cacheRegistration(memoryCacheBackend), suites));
  const server = await acquirePostgres();
  try {
    onTiming(
      await timeValidate(
        `validate() in-process, store suite (PostgresStore, ${server.kind} server)`,
        runs,
        storeRegistration(postgresStoreBackend, { postgres: server }),
        suites,
      ),
    );
  } finally {
    await server.stop();
  }
}
