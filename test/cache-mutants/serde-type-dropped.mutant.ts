import { ReferenceCache, type StoredEntry } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class SerdeTypeDropped extends ReferenceCache {
  protected override decode(entry: StoredEntry): Promise<unknown> {
    return this.serde.loadsTyped("json", entry.data);
  }
}

export default {
  name: "serde-type-dropped",
  bug: "only the encoded data is stored, not the type dumpsTyped returned: everything is decoded as json, so a Uint8Array value cannot be read",
  catches: ["test_cache_serde_type_kept"],
  create: () => new SerdeTypeDropped(),
} satisfies CacheMutant;
