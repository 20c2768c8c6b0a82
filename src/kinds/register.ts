/** `storeTest()` and `cacheTest()`: the registrations of the store and cache kinds, counterparts of `checkpointerTest()`. */
import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";
import { describeValue } from "../util/describe-value.js";
import { ConformanceUsageError } from "../util/errors.js";
import { registerSubject, type RegisteredSubject, type SubjectFactory, type SubjectTestOptions } from "../registration.js";
import type { CacheCapability } from "./cache/capabilities.js";
import { SUBJECT_KINDS } from "./index.js";
import type { CacheKindOptions, StoreIndexOptions, StoreKindOptions, StoreTtlOptions } from "./options.js";
import type { StoreCapability } from "./store/capabilities.js";

/** @public */
export interface StoreTestOptions extends SubjectTestOptions<StoreCapability>, StoreKindOptions {}
/** What `storeTest()` returns; give it to `validate()`. @public */
export interface RegisteredStore extends RegisteredSubject<"store", StoreCapability, StoreKindOptions> {}

/** @public */
export interface CacheTestOptions extends SubjectTestOptions<CacheCapability>, CacheKindOptions {}
/** What `cacheTest()` returns; give it to `validate()`. @public */
export interface RegisteredCache extends RegisteredSubject<"cache", CacheCapability, CacheKindOptions> {}

/**
 * Registers a store factory for `validate()`. `ttl` and `index` declare the
 * extended capabilities (absent: reported as not implemented, with the reason).
 *
 * ```ts
 * const registered = storeTest({ name: "MyStore" }, async function* () {
 *   const store = new MyStore();
 *   yield store;
 *   await store.stop();
 * });
 * ```
 * @public
 */
export function storeTest(options: StoreTestOptions, factory: SubjectFactory<BaseStore>): RegisteredStore {
  return registerSubject(SUBJECT_KINDS.store, options, factory, (name) => {
    const { ttl, index } = options;
    const why = (ttl !== undefined ? ttlProblem(ttl) : undefined) ?? (index !== undefined ? indexProblem(index) : undefined);
    if (why !== undefined) throw new ConformanceUsageError(`storeTest(${name}): ${why}`);
    return { options: { ...(ttl ? { ttl } : {}), ...(index ? { index } : {}) } };
  }) as RegisteredStore;
}

/** The shapes StoreTtlOptions and StoreIndexOptions declare, as the errors state them. */
const TTL_SHAPE = '{ unit: "minutes" | "seconds", put(store, namespace, key, value, ttl): Promise<void> }';
const INDEX_SHAPE =
  "{ dims: number, embed: ((texts: string[]) => Promise<number[][]>) | { embedDocuments(texts), embedQuery(text) }, fields?: string[] }";

function ttlProblem(ttl: unknown): string | undefined {
  if (typeof ttl !== "object" || ttl === null) return `option "ttl" must be ${TTL_SHAPE}, got ${describeValue(ttl)}`;
  const { unit, put } = ttl as Partial<Record<keyof StoreTtlOptions, unknown>>;
  if (unit !== "minutes" && unit !== "seconds")
    return `option "ttl.unit" must be "minutes" or "seconds" (the unit put's ttl is in; ttl is ${TTL_SHAPE}), got ${describeValue(unit)}`;
  if (typeof put !== "function")
    return `option "ttl.put" must be a function (store, namespace, key, value, ttl) => Promise<void> that puts one item expiring in ttl ${unit} (ttl is ${TTL_SHAPE}), got ${describeValue(put)}`;
  return undefined;
}

function indexProblem(index: unknown): string | undefined {
  if (typeof index !== "object" || index === null) return `option "index" must be ${INDEX_SHAPE}, got ${describeValue(index)}`;
  const { dims, embed, fields } = index as Partial<Record<keyof StoreIndexOptions, unknown>>;
  if (typeof dims !== "number" || !Number.isInteger(dims) || dims <= 0)
    return `option "index.dims" must be a positive whole number (the embeddings' length; index is ${INDEX_SHAPE}), got ${describeValue(dims)}`;
  const embedder =
    typeof embed === "function" ||
    (typeof embed === "object" &&
      embed !== null &&
      typeof (embed as { embedDocuments?: unknown }).embedDocuments === "function" &&
      typeof (embed as { embedQuery?: unknown }).embedQuery === "function");
  if (!embedder)
    return `option "index.embed" must be a function of texts or an Embeddings with embedDocuments() and embedQuery() (index is ${INDEX_SHAPE}), got ${describeValue(embed)}`;
  if (fields !== undefined && (!Array.isArray(fields) || fields.some((f) => typeof f !== "string")))
    return `option "index.fields" must be an array of field paths (strings) (index is ${INDEX_SHAPE}), got ${describeValue(fields)}`;
  return undefined;
}

/**
 * Registers a cache factory for `validate()`; `ttl: false` for a cache that ignores TTLs.
 *
 * ```ts
 * const registered = cacheTest({ name: "MyCache" }, async function* () {
 *   yield new MyCache();
 * });
 * ```
 * @public
 */
export function cacheTest(options: CacheTestOptions, factory: SubjectFactory<BaseCache>): RegisteredCache {
  return registerSubject(SUBJECT_KINDS.cache, options, factory, (name) => {
    const { ttl } = options;
    if (ttl !== undefined && typeof ttl !== "boolean")
      throw new ConformanceUsageError(`cacheTest(${name}): option "ttl" must be true or false, got ${describeValue(ttl)}`);
    return { options: ttl === undefined ? {} : { ttl } };
  }) as RegisteredCache;
}
