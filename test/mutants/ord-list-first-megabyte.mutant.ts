import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { FirstPageListSaver } from "./first-page-list.js";
import type { Mutant } from "./types.js";

const PAGE_BYTES = 1024 * 1024;
const sizeOf = (tuple: CheckpointTuple) => JSON.stringify(tuple.checkpoint).length;

export default {
  name: "ord-list-first-megabyte",
  bug: "list() returns only the backend's first 1 MB page (a DynamoDB Query) and ignores LastEvaluatedKey",
  catches: ["test_ord_list_past_one_megabyte"],
  create: () => new FirstPageListSaver((tuple, yielded) => yielded.reduce((sum, t) => sum + sizeOf(t), sizeOf(tuple)) <= PAGE_BYTES),
} satisfies Mutant;
