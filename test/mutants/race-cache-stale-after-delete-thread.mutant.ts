import { ReadCacheSaver } from "./read-cache.js";
import type { Mutant } from "./types.js";

export default {
  name: "race-cache-stale-after-delete-thread",
  bug: "caches reads by checkpoint id (a checkpoint never changes), dropping them on putWrites() but not on deleteThread(): a deleted checkpoint is still read by its id",
  catches: ["test_race_reads_after_delete_thread_see_nothing"],
  create: () => new ReadCacheSaver({ reads: "byId", invalidatedBy: ["put", "putWrites"] }),
} satisfies Mutant;
