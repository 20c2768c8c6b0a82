import { FirstPageListSaver } from "./first-page-list.js";
import type { Mutant } from "./types.js";

export default {
  name: "ord-list-first-page-of-100",
  bug: "list() returns only the backend's first page of 100 items (an HTTP API's default page size) and never follows the cursor",
  catches: ["test_ord_long_thread_pages"],
  create: () => new FirstPageListSaver((_, yielded) => yielded.length < 100),
} satisfies Mutant;
