import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { withAliasedReads } from "../fixtures/faults.js";
import type { Mutant } from "./types.js";

export default {
  name: "iso-tuple-cache",
  bug: "a read cache hands out the cached tuple itself, so a caller that mutates a read tuple changes every later read",
  catches: ["test_iso_get_tuple_returns_fresh_objects", "test_iso_list_returns_fresh_objects"],
  create: () => withAliasedReads(new MemorySaver()),
} satisfies Mutant;
