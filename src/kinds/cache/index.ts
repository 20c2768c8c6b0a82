/**
 * The cache kind: `BaseCache` from `@langchain/langgraph-checkpoint`
 * (docs/caches.md). The engine runs it through this interface only.
 */
export { CACHE_CAPABILITIES, type CacheCapability } from "./capabilities.js";
export { CACHE_SPECS } from "./checks/index.js";
export { cacheContext, type CacheSpecContext, type CacheKindOptions, type KindContextBase } from "./context.js";
export { looksLikeCache, detectCacheCapability } from "./detect.js";
export { CACHE_BEHAVIOURS, type CacheBehaviour } from "./behaviours.js";
export { IN_MEMORY_CACHE_DEVIATIONS } from "./deviations.js";
export { cacheKind } from "./kind.js";
