import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** Decodes an entry once and hands the same object to every get. */
class MemoizedDecode extends ReferenceCache {
  private readonly decoded = new WeakMap<StoredEntry, Promise<unknown>>();

  protected override decode(entry: StoredEntry): Promise<unknown> {
    let value = this.decoded.get(entry);
    if (!value) this.decoded.set(entry, (value = super.decode(entry)));
    return value;
  }
}

export default {
  name: "memoized-decode",
  bug: "each entry is decoded once and the same object returned by every get, so changing one returned value changes the cached value",
  catches: ["test_cache_values_not_aliased"],
  create: () => new MemoizedDecode(),
} satisfies CacheMutant;
