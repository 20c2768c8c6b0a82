/** `storeTest()` and `cacheTest()`: the registrations of the store and cache kinds, counterparts of `checkpointerTest()`. */
import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";
import { describeValue } from "../util/describe-value.js";
import { ConformanceUsageError } from "../util/errors.js";
import { registerSubject, type RegisteredSubject, type SubjectFactory, type SubjectTestOptions } from "../registration.js";
import type { CacheCapability } from "./cache/capabilities.js";
import { SUBJECT_KINDS } from "./index.js";
import type { CacheKindOptions, StoreKindOptions } from "./options.js";
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
    if (ttl !== undefined && (typeof ttl !== "object" || ttl === null || (ttl.put !== undefined && typeof ttl.put !== "function"))) {
      throw new ConformanceUsageError(`storeTest(${name}): option "ttl" must be an object like { put?(store, namespace, key, value, minutes), refreshOnRead? }, got ${describeValue(ttl)}`);
    }
    // `embed` is a function or an Embeddings object (embedDocuments/embedQuery), as StoreEmbedder says.
    const embedder = (index as { embed?: unknown } | null | undefined)?.embed;
    const embeds = typeof embedder === "function" || typeof (embedder as { embedDocuments?: unknown } | undefined)?.embedDocuments === "function";
    if (index !== undefined && (typeof index !== "object" || index === null || !(index.dims > 0) || !embeds)) {
      throw new ConformanceUsageError(`storeTest(${name}): option "index" must be { dims: number, embed: (texts) => Promise<number[][]> or an Embeddings object, fields? }, got ${describeValue(index)}`);
    }
    return { options: { ...(ttl ? { ttl } : {}), ...(index ? { index } : {}) } };
  }) as RegisteredStore;
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
    if (ttl !== undefined && typeof ttl !== "boolean") throw new ConformanceUsageError(`cacheTest(${name}): option "ttl" must be true or false, got ${describeValue(ttl)}`);
    return { options: ttl === undefined ? {} : { ttl } };
  }) as RegisteredCache;
}
