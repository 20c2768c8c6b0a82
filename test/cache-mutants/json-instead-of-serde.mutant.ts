import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class JsonInsteadOfSerde extends ReferenceCache {
  protected override async encode(value: unknown): Promise<StoredEntry> {
    return { type: "json", data: JSON.stringify(value) };
  }

  protected override async decode(entry: StoredEntry): Promise<unknown> {
    return JSON.parse(entry.data as string);
  }
}

export default {
  name: "json-instead-of-serde",
  bug: "values are stored with JSON.stringify instead of cache.serde, so messages come back as plain objects, undefined as null, a Map as {}",
  catches: ["test_cache_task_writes_roundtrip", "test_cache_values_go_through_serde", "test_cache_serde_type_kept"],
  create: () => new JsonInsteadOfSerde(),
} satisfies CacheMutant;
