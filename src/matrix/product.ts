import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";
import { CACHE_BACKENDS, type CacheBackend } from "../backends/cache/index.js";
import { checkAvailability } from "../backends/select.js";
import { SharedResources } from "../backends/shared-resources.js";
import { STORE_BACKENDS, type StoreBackend } from "../backends/store/index.js";
import { checkSubjectBackends, type SubjectLease } from "../backends/subject-backend.js";
import type { Backend, BackendResources } from "../backends/types.js";
import { withTimeout } from "../util/timeout.js";
import { ALONE, enterLifespan, openSubject } from "../runtime/lease.js";
import { DEFAULT_LIFESPAN_TIMEOUT_MS } from "../run/options.js";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { explainDivergence } from "../graph/compare.js";
import { runDifferential, variantsOf } from "../graph/differential.js";
import { loadLangGraph } from "../graph/langgraph.js";
import { GRAPH_SCENARIOS } from "../graph/scenarios/index.js";
import type { GraphScenario } from "../graph/types.js";
import type { KnownDeviation } from "../registration.js";

/** The cache column without a cache: the graph is compiled without one (and so is the reference's). */
export const NO_CACHE = "none";

/** One product scenario on one checkpointer with one store or one cache. @public */
export interface ProductCase {
  scenario: string;
  saver: string;
  /** The store backend, for a scenario that uses the store. */
  store?: string;
  /** The cache backend or `"none"`, for a scenario that uses the cache. */
  cache?: string;
  /** agree: the same transcript as MemorySaver × InMemoryStore × InMemoryCache (or no cache); deviation: a declared one. */
  status: "agree" | "differ" | "deviation" | "error";
  /** Where it differs, or the error; with the declared reason for a deviation. */
  detail?: string;
}

/** What `runProductMatrix()` returns. @public */
export interface ProductMatrixResult {
  savers: string[];
  stores: string[];
  caches: string[];
  scenarios: string[];
  cases: ProductCase[];
  /** Backends that could not run here, with the reason (a server backend without its server). */
  skipped: { kind: "checkpointer" | "store" | "cache"; id: string; reason: string }[];
  durationMs: number;
}

/** @public */
export interface ProductMatrixOptions {
  savers: readonly Backend[];
  stores?: readonly StoreBackend[];
  caches?: readonly CacheBackend[];
  /** Store backend selection (ids or "all"); the opt-in PGlite store runs when named. Default "all". */
  storeSelection?: string;
  resources?: BackendResources;
  /** Per scenario case. Default 120000. */
  timeoutMs?: number;
  /** Runs only the cases this accepts (npm start splits the product between processes); default every case. */
  only?(c: { saver: Backend; store?: StoreBackend; cache?: CacheBackend }): boolean;
  onCase?(c: ProductCase): void;
}

/**
 * Runs the product scenarios (graph scenarios that use a store or a cache) on
 * every available checkpointer × store and checkpointer × {no cache, caches},
 * each differential against MemorySaver × InMemoryStore × InMemoryCache. A
 * scenario touches only the subject it uses, so a store scenario runs once per
 * checkpointer × store and stands for every cache column, and a cache scenario
 * once per checkpointer × cache. Server backends share one server per run,
 * stopped at the end; one that cannot run is reported skipped, with the reason.
 * @public
 */
export async function runProductMatrix(options: ProductMatrixOptions): Promise<ProductMatrixResult> {
  const started = performance.now();
  const storeScenarios = GRAPH_SCENARIOS.filter((s) => s.uses?.store === true);
  const cacheScenarios = GRAPH_SCENARIOS.filter((s) => s.uses?.cache === true);
  const [savers, stores, caches] = await Promise.all([
    checkAvailability(options.savers),
    checkSubjectBackends(options.stores ?? STORE_BACKENDS, options.storeSelection),
    checkSubjectBackends(options.caches ?? CACHE_BACKENDS),
  ]);
  const skipped: ProductMatrixResult["skipped"] = [];
  const result: ProductMatrixResult = {
    savers: [],
    stores: [],
    caches: [NO_CACHE],
    scenarios: [...storeScenarios, ...cacheScenarios].map((s) => s.id),
    cases: [],
    skipped,
    durationMs: 0,
  };
  const loaded = await loadLangGraph();
  if (!loaded.ok) {
    skipped.push({ kind: "checkpointer", id: "all", reason: `${loaded.reason}; the product scenarios need @langchain/langgraph` });
    return { ...result, durationMs: performance.now() - started };
  }
  const lg = loaded.module;
  const shared = new SharedResources(options.resources);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const usable = async <B extends { id: string; uses?: "postgres" | "pglite" }>(
    kind: "checkpointer" | "store" | "cache",
    checked: { backend: B; availability: { ok: boolean; reason?: string } }[],
  ) => {
    const ok: B[] = [];
    for (const { backend, availability } of checked) {
      const blocked = availability.ok ? await shared.prepare(backend) : availability.reason;
      if (blocked === undefined) ok.push(backend);
      else skipped.push({ kind, id: backend.id, reason: blocked });
    }
    return ok;
  };
  try {
    const runStores = await usable("store", stores);
    const runCaches = await usable("cache", caches);
    result.stores = runStores.map((s) => s.id);
    result.caches.push(...runCaches.map((c) => c.id));
    for (const saver of await usable("checkpointer", savers)) {
      result.savers.push(saver.id);
      const registered = saver.registration(shared.resources);
      const lifespan = await enterLifespan(registered, DEFAULT_LIFESPAN_TIMEOUT_MS);
      try {
        const run = async (
          scenario: GraphScenario,
          where: Pick<ProductCase, "store" | "cache">,
          deviations: readonly KnownDeviation[],
          subjects: () => Promise<{ store?: SubjectLease<BaseStore>; cache?: SubjectLease<BaseCache> | null }>,
        ) => {
          const c = await runCase(scenario, saver, where, [...saver.knownDeviations, ...deviations], subjects, registered, lg, timeoutMs);
          result.cases.push(c);
          options.onCase?.(c);
        };
        const only = options.only ?? (() => true);
        for (const store of runStores.filter((store) => only({ saver, store }))) {
          for (const scenario of storeScenarios)
            await run(scenario, { store: store.id }, store.knownDeviations, async () => ({ store: await store.create(shared.resources) }));
        }
        for (const cache of [undefined, ...runCaches].filter((cache) => only({ saver, ...(cache ? { cache } : {}) }))) {
          for (const scenario of cacheScenarios) {
            await run(scenario, { cache: cache?.id ?? NO_CACHE }, cache?.knownDeviations ?? [], async () => ({
              cache: cache ? await cache.create(shared.resources) : null,
            }));
          }
        }
      } finally {
        await lifespan.end();
      }
    }
  } finally {
    await shared.release();
  }
  result.durationMs = performance.now() - started;
  return result;
}

async function runCase(
  scenario: GraphScenario,
  saver: Backend,
  where: Pick<ProductCase, "store" | "cache">,
  deviations: readonly KnownDeviation[],
  subjects: () => Promise<{ store?: SubjectLease<BaseStore>; cache?: SubjectLease<BaseCache> | null }>,
  registered: ReturnType<Backend["registration"]>,
  lg: Parameters<typeof runDifferential>[2],
  timeoutMs: number,
): Promise<ProductCase> {
  const base = { scenario: scenario.id, saver: saver.id, ...where };
  const declared = deviations.find((d) => d.tests?.includes(scenario.id))?.reason;
  const leases: { release(): Promise<void> }[] = [];
  try {
    const lease = await openSubject<BaseCheckpointSaver>(registered, { timeoutMs, load: ALONE });
    leases.push(lease);
    const { store, cache } = await subjects();
    if (store) leases.push(store);
    if (cache) leases.push(cache);
    const run = await withTimeout(
      runDifferential(
        scenario,
        variantsOf(scenario)[0],
        lg,
        lease.subject,
        {},
        { store: store?.subject, cache: cache === null ? null : cache?.subject },
      ),
      timeoutMs,
      () => `running ${scenario.id}`,
    );
    if (!run.divergence) return { ...base, status: "agree" };
    const detail = explainDivergence(run.divergence)
      .replaceAll("MemorySaver", "memory × memory × memory")
      .replace("this saver: ", "this product:");
    return declared
      ? { ...base, status: "deviation", detail: `${detail}\n  known deviation: ${declared}` }
      : { ...base, status: "differ", detail };
  } catch (error) {
    return { ...base, status: "error", detail: error instanceof Error ? error.message : String(error) };
  } finally {
    for (const lease of leases.reverse()) await lease.release().catch(() => undefined);
  }
}
