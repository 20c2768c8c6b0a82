/** What a cache registration declares besides its factory. @public */
export interface CacheKindOptions {
  /**
   * Whether the cache honours `set()`'s `ttl` (in seconds, as `InMemoryCache`
   * and LangGraph's `CachePolicy.ttl`), checked by the `ttl` capability.
   * Default true: LangGraph passes a node's `CachePolicy.ttl` to every cache's
   * `set()`. `false` opts out, for a cache that does not support TTLs.
   */
  readonly ttl?: boolean;
}
