import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class TtlInMinutes extends ReferenceCache {
  protected override expiresAt(ttl: number | undefined, now: number): number | undefined {
    return ttl == null ? undefined : now + ttl * 60_000;
  }
}

export default {
  name: "ttl-in-minutes",
  bug: "the ttl is read as minutes (the store TTL's unit), so ttl: 1 lasts a minute",
  catches: ["test_cache_ttl_expires_after_seconds", "test_cache_without_ttl_outlives_ttl", "test_cache_overwrite_resets_ttl"],
  create: () => new TtlInMinutes(),
} satisfies CacheMutant;
