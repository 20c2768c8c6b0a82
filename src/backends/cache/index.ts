import { InMemoryCache, type BaseCache } from "@langchain/langgraph-checkpoint";
import type { CacheCapability } from "../../kinds/cache/capabilities.js";
import type { CacheKindOptions } from "../../kinds/cache/context.js";
import { IN_MEMORY_CACHE_DEVIATIONS } from "../../kinds/cache/deviations.js";
import type { SubjectBackend } from "../subject-backend.js";

/** A built-in cache backend. @public */
export type CacheBackend = SubjectBackend<BaseCache, CacheKindOptions, CacheCapability>;

/** InMemoryCache from `@langchain/langgraph-checkpoint` (TTL in seconds): the only JS cache. @public */
export const memoryCacheBackend: CacheBackend = {
  id: "memory",
  title: "InMemoryCache",
  options: { ttl: true },
  knownDeviations: IN_MEMORY_CACHE_DEVIATIONS,
  available: async () => ({ ok: true }),
  create: async () => ({ subject: new InMemoryCache(), release: async () => undefined }),
};

/** Every built-in cache backend. @public */
export const CACHE_BACKENDS: readonly CacheBackend[] = [memoryCacheBackend];
