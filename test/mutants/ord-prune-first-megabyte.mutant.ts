import { FirstPageBulkSaver } from "./first-page-bulk.js";
import type { Mutant } from "./types.js";

export default {
  name: "ord-prune-first-megabyte",
  bug: "prune lists the keys to act on with one query and acts on its first page (1 MB) only, so a larger thread is left half done",
  baseline: "reference",
  catches: ["test_ord_prune_past_a_page"],
  create: () => new FirstPageBulkSaver("prune", { bytes: 1_000_000 }),
} satisfies Mutant;
