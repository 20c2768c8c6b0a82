import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Reads v<4 checkpoints as they are, without moving the parent's TASKS writes into __pregel_tasks. */
class SkipsPendingSendsMigration extends MemorySaver {
  override async _migratePendingSends() {}
}

export default {
  name: "get-tuple-skips-pending-sends-migration",
  bug: "v<4 checkpoints are not migrated: the parent's TASKS writes never appear as channel_values.__pregel_tasks",
  catches: ["test_get_tuple_migrates_pending_sends"],
  create: () => new SkipsPendingSendsMigration(),
} satisfies Mutant;
