export { CACHE_CAPABILITIES, type CacheCapability } from "./capabilities.js";
export { CACHE_SPECS } from "./spec/index.js";
export { cacheContext, type CacheSpecContext } from "./context.js";
export { looksLikeCache, detectCacheCapability } from "./detect.js";
