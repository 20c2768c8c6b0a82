import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class NamespaceIgnored extends ReferenceCache {
  protected override namespaceId(): string {
    return "";
  }
}

export default {
  name: "namespace-ignored",
  bug: "entries are keyed by the key alone (the namespace is dropped), so the same key in two namespaces is one entry",
  catches: ["test_cache_namespaces_isolate_keys"],
  create: () => new NamespaceIgnored(),
} satisfies CacheMutant;
