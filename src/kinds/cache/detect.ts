import type { BaseCache } from "@langchain/langgraph-checkpoint";
import type { Detection } from "../checkpointer/detect.js";
import type { CacheCapability } from "./capabilities.js";
import type { CacheKindOptions } from "./context.js";

const CACHE_METHODS = ["get", "set", "clear"] as const;

/** Whether a value a factory yielded can be checked as a cache: an object with get, set and clear methods. */
export function looksLikeCache(value: unknown): value is BaseCache {
  if (value === null || typeof value !== "object") return false;
  return CACHE_METHODS.every((method) => typeof (value as Record<string, unknown>)[method] === "function");
}

/**
 * How a cache offers a capability. `BaseCache` is abstract (no inherited
 * get/set/clear), so a method present is the cache's own. TTL cannot be seen
 * on the instance, and every cache receives it from LangGraph: it is checked
 * unless the registration opts out (`ttl: false`).
 */
export function detectCacheCapability(cache: object, capability: CacheCapability, options: CacheKindOptions = {}): Detection {
  switch (capability) {
    case "get_set":
    case "namespaces":
      return methods(cache, ["get", "set"]);
    case "clear":
      return methods(cache, ["clear"]);
    case "serde":
      return serde(cache);
    case "ttl":
      return options.ttl === false
        ? { kind: "missing", reason: "the registration declares no TTL support (cacheTest({ ..., ttl: false }))" }
        : methods(cache, ["set"]);
  }
}

function methods(cache: object, names: readonly string[]): Detection {
  for (const name of names) {
    const value = (cache as Record<string, unknown>)[name];
    if (value === undefined || value === null) return { kind: "missing", reason: `the cache has no ${name}() method` };
    if (typeof value !== "function")
      return { kind: "not-a-function", reason: `cache.${name} exists but is not a function (it is a ${typeof value})` };
  }
  return { kind: "detected" };
}

function serde(cache: object): Detection {
  const value = (cache as { serde?: unknown }).serde;
  if (value === undefined || value === null)
    return { kind: "missing", reason: "the cache has no serde (BaseCache's constructor sets one)" };
  const fns = value as Record<string, unknown>;
  if (typeof fns.dumpsTyped !== "function" || typeof fns.loadsTyped !== "function") {
    return { kind: "not-a-function", reason: "cache.serde has no dumpsTyped()/loadsTyped() methods" };
  }
  return { kind: "detected" };
}
