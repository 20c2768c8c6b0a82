import { BaseCache } from "@langchain/langgraph-checkpoint";
import { detectMethod, type Detection } from "../../runtime/detect-capability.js";
import type { CacheKindOptions } from "../options.js";
import { CACHE_CAPABILITIES, type CacheCapability } from "./capabilities.js";

/** A cache is a BaseCache, or any object with its `get`, `set` and `clear`. */
export function looksLikeCache(value: unknown): value is BaseCache {
  if (typeof value !== "object" || value === null) return false;
  if (value instanceof BaseCache) return true;
  const v = value as Record<string, unknown>;
  return ["get", "set", "clear"].every((m) => typeof v[m] === "function");
}

/** How the cache offers a capability: by its method; `ttl` unless the registration says the cache ignores it (`ttl: false`). */
export function detectCacheCapability(cache: BaseCache, capability: CacheCapability, options: CacheKindOptions): Detection {
  if (capability === "ttl" && options.ttl === false) return { kind: "missing", reason: "declared not supported: cacheTest has ttl: false" };
  const { method } = CACHE_CAPABILITIES.find((c) => c.id === capability)!;
  return detectMethod(cache, method, { noun: "cache", base: BaseCache });
}
