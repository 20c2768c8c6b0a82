/** What a cache registration declares besides its factory. @public */
export interface CacheKindOptions {
  /**
   * The cache honours `set()`'s `ttl` (in seconds, as `InMemoryCache` and
   * LangGraph's `CachePolicy.ttl`): runs the `ttl` capability. Default false.
   */
  readonly ttl?: boolean;
}
