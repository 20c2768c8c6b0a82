import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class TtlInMilliseconds extends ReferenceCache {
  protected override expiresAt(ttl: number | undefined, now: number): number | undefined {
    return ttl == null ? undefined : now + ttl;
  }
}

export default {
  name: "ttl-in-milliseconds",
  bug: "the ttl is read as milliseconds (Date.now() + ttl), so ttl: 1 expires at once",
  catches: ["test_cache_ttl_expires_after_seconds", "test_cache_without_ttl_outlives_ttl"],
  create: () => new TtlInMilliseconds(),
} satisfies CacheMutant;
