import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

/** The encoded JSON is stored as a latin1 string (a text column with the wrong encoding). */
class Latin1Text extends ReferenceCache {
  protected override async encode(value: unknown): Promise<StoredEntry> {
    const { type, data } = await super.encode(value);
    const text = typeof data === "string" ? data : new TextDecoder().decode(data);
    return { type, data: Buffer.from(text, "latin1") };
  }
}

export default {
  name: "latin1-text",
  bug: "the serialised value is stored as latin1, so any character beyond U+00FF comes back as another one",
  catches: ["test_cache_set_get_roundtrip"],
  create: () => new Latin1Text(),
} satisfies CacheMutant;
