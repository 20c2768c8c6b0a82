import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class MissingTtlExpiresAtOnce extends ReferenceCache {
  protected override expiresAt(ttl: number | undefined, now: number): number | undefined {
    return now + (ttl ?? 0) * 1000;
  }
}

export default {
  name: "missing-ttl-expires-at-once",
  bug: "a pair without a ttl gets ttl 0 (`ttl ?? 0`), so it expires at once instead of never",
  catches: ["test_cache_without_ttl_outlives_ttl", "test_cache_set_get_roundtrip"],
  create: () => new MissingTtlExpiresAtOnce(),
} satisfies CacheMutant;
