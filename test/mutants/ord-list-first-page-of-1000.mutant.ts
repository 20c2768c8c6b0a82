import { FirstPageListSaver } from "./first-page-list.js";
import type { Mutant } from "./types.js";

export default {
  name: "ord-list-first-page-of-1000",
  bug: "list() returns only the backend's first page of 1,000 rows (PostgREST's default max-rows) and never asks for the next",
  catches: ["test_ord_long_thread_pages"],
  create: () => new FirstPageListSaver((_, yielded) => yielded.length < 1_000),
} satisfies Mutant;
