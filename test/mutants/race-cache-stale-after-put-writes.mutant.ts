import { ReadCacheSaver } from "./read-cache.js";
import type { Mutant } from "./types.js";

export default {
  name: "race-cache-stale-after-put-writes",
  bug: "caches the latest tuple of each thread and namespace, invalidated by put() and deleteThread() but not by putWrites(): a read after putWrites() misses the write",
  catches: ["test_race_reads_see_the_latest_writes"],
  create: () => new ReadCacheSaver({ reads: "latest", invalidatedBy: ["put", "deleteThread"] }),
} satisfies Mutant;
