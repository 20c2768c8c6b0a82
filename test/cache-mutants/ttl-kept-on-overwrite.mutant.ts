import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** Like Redis `SET ... KEEPTTL`: an overwrite keeps the expiry the key already had. */
class TtlKeptOnOverwrite extends ReferenceCache {
  override async set(pairs: { key: CacheFullKey; value: unknown; ttl?: number }[]): Promise<void> {
    const previous = await Promise.all(pairs.map(({ key: [ns, key] }) => this.read(ns, key)));
    await super.set(pairs);
    for (const [
      i,
      {
        key: [ns, key],
      },
    ] of pairs.entries()) {
      const entry = await this.read(ns, key);
      if (entry && previous[i]?.expiresAt !== undefined) entry.expiresAt = previous[i]!.expiresAt;
    }
  }
}

export default {
  name: "ttl-kept-on-overwrite",
  bug: "setting a key again keeps the expiry it already had (KEEPTTL), so a re-cached entry still expires on the old schedule",
  catches: ["test_cache_overwrite_resets_ttl"],
  create: () => new TtlKeptOnOverwrite(),
} satisfies CacheMutant;
