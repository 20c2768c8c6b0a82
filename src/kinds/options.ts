/**
 * The kind-specific options of `storeTest()` and `cacheTest()`: what a store
 * or cache declares about itself that detection cannot see (whether it
 * expires items, how it embeds them). Spec tests read them from their context.
 */

export type { StoreIndexOptions, StoreKindOptions, StoreTtlOptions } from "./store/options.js";

export type { CacheKindOptions } from "./cache/options.js";
