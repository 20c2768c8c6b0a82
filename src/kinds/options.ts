/**
 * The kind-specific options of `storeTest()` and `cacheTest()`: what a store
 * or cache declares about itself that detection cannot see (whether it
 * expires items, how it embeds them). Spec tests read them from their context.
 */

export type { StoreIndexOptions, StoreKindOptions, StoreTtlOptions } from "./store/options.js";

/** @public */
export interface CacheKindOptions {
  /** `false` for a cache that ignores `ttl` on `set()`: the `ttl` capability is then not implemented. Default true. */
  ttl?: boolean;
}
