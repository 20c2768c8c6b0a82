import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** A "defensive" copy that walks own enumerable keys: class instances lose their type, undefined its key. */
function plainCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : plainCopy(item)));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, plainCopy(v)]),
    );
  }
  return value;
}

class PlainCopyDropsTypes extends ReferenceCache {
  protected override encode(value: unknown): Promise<StoredEntry> {
    return super.encode(plainCopy(value));
  }
}

export default {
  name: "plain-copy-drops-types",
  bug: "values are deep-copied into plain objects before the serde: Dates, Maps, Sets, bytes and messages become {} or plain objects, undefined becomes null",
  catches: ["test_cache_task_writes_roundtrip"],
  create: () => new PlainCopyDropsTypes(),
} satisfies CacheMutant;
