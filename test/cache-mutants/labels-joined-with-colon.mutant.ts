import type { CacheNamespace } from "@langchain/langgraph-checkpoint";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import type { CacheMutant } from "./types.js";

class LabelsJoinedWithColon extends ReferenceCache {
  protected override namespaceId(namespace: CacheNamespace): string {
    return namespace.join(":");
  }
}

export default {
  name: "labels-joined-with-colon",
  bug: 'namespaces are stored under their labels joined with ":" (a Redis-style key) without escaping, so ["x:y"] and ["x", "y"] share entries',
  catches: ["test_cache_namespace_labels_with_separators"],
  create: () => new LabelsJoinedWithColon(),
} satisfies CacheMutant;
