import type { BaseCache } from "@langchain/langgraph-checkpoint";
import type { CacheCapability } from "./capabilities.js";

/**
 * What the engine hands any kind's context builder. Defined here for now; the
 * same type lives in src/kinds/types.ts on the engine's side (to be unified).
 */
export interface KindContextBase<S, Cap extends string, Opts> {
  /** The subject under test (calls are tracked so a hang names the method). Fresh per capability, shared by its tests. */
  readonly subject: S;
  readonly capability: Cap;
  /** A fresh, random id no other test uses. */
  uniqueId(label?: string): string;
  /** Another fresh subject from the registration's factory, cleaned up after the test. */
  freshSubject(): Promise<S>;
  /** Whether the subject offers another capability. */
  has(capability: Cap): boolean;
  readonly options: Opts;
}

/** What a cache registration declares besides its factory. @public */
export interface CacheKindOptions {
  /**
   * The cache honours `set()`'s `ttl` (in seconds, as `InMemoryCache` and
   * LangGraph's `CachePolicy.ttl`): runs the `ttl` capability. Default false.
   */
  readonly ttl?: boolean;
}

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
