import type { BaseCache } from "@langchain/langgraph-checkpoint";
import type { CacheCapability } from "./capabilities.js";
import type { KindContextBase } from "../types.js";
import type { CacheKindOptions } from "./options.js";

export type { CacheKindOptions, KindContextBase };

/** What a cache spec test gets. @public */
export interface CacheSpecContext extends KindContextBase<BaseCache, CacheCapability, CacheKindOptions> {
  /** The cache under test (the same as `subject`). */
  readonly cache: BaseCache;
  /** A namespace no other test uses: `[uniqueId(label), ...children]`. */
  namespace(label?: string, ...children: string[]): string[];
}

/** Builds a cache spec test's context from the engine's. */
export function cacheContext(base: KindContextBase<BaseCache, CacheCapability, CacheKindOptions>): CacheSpecContext {
  return {
    subject: base.subject,
    cache: base.subject,
    capability: base.capability,
    options: base.options,
    uniqueId: (label) => base.uniqueId(label),
    freshSubject: () => base.freshSubject(),
    has: (capability) => base.has(capability),
    namespace: (label = "ns", ...children) => [base.uniqueId(label), ...children],
  };
}
