import { randomUUID } from "node:crypto";
import type { BaseCache } from "@langchain/langgraph-checkpoint";
import type { KindContextBase } from "../types.js";
import type { CacheKindOptions } from "../options.js";
import type { CacheCapability } from "./capabilities.js";

/**
 * What a cache spec test gets. The cache is fresh per capability and shared
 * by its tests, so tests isolate themselves with `namespace()`.
 * @public
 */
export interface CacheSpecContext {
  /** The cache under test (calls are tracked so a hang names the method). */
  readonly cache: BaseCache;
  readonly capability: CacheCapability;
  /** A fresh namespace no other test uses: `[label, <uuid>]`. */
  namespace(label?: string): string[];
  /** Another fresh cache from the registration's factory, cleaned up after the test. */
  freshCache(): Promise<BaseCache>;
  has(capability: CacheCapability): boolean;
  readonly options: CacheKindOptions;
}

export function cacheContext(base: KindContextBase<BaseCache, CacheCapability, CacheKindOptions>): CacheSpecContext {
  return {
    cache: base.subject,
    capability: base.capability,
    namespace: (label = "ns") => [label, randomUUID()],
    freshCache: () => base.freshSubject(),
    has: (capability) => base.has(capability),
    options: base.options,
  };
}
