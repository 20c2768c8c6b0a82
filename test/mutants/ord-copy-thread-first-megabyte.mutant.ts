import { FirstPageBulkSaver } from "./first-page-bulk.js";
import type { Mutant } from "./types.js";

export default {
  name: "ord-copy-thread-first-megabyte",
  bug: "copyThread lists the keys to act on with one query and acts on its first page (1 MB) only, so a larger thread is left half done",
  baseline: "reference",
  catches: ["test_ord_copy_thread_past_a_page"],
  create: () => new FirstPageBulkSaver("copyThread", { bytes: 1_000_000 }),
} satisfies Mutant;
