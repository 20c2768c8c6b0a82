import { FirstPageBulkSaver } from "./first-page-bulk.js";
import type { Mutant } from "./types.js";

export default {
  name: "ord-delete-thread-first-1000-keys",
  bug: "deleteThread lists the keys to act on with one query and acts on its first page (1,000 keys) only, so a larger thread is left half done",
  baseline: "reference",
  catches: ["test_ord_delete_thread_past_a_page"],
  create: () => new FirstPageBulkSaver("deleteThread", { keys: 1_000 }),
} satisfies Mutant;
