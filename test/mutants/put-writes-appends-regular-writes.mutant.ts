import { WRITES_IDX_MAP } from "@langchain/langgraph-checkpoint";
import { AppendingWritesSaver } from "./appending-writes.js";
import type { Mutant } from "./types.js";

/** Its writes table has an autoincrement key and no unique (task_id, idx): a repeated call appends. */
class AppendsRegularWrites extends AppendingWritesSaver {
  protected appendsOn(channel: string): boolean {
    return !(channel in WRITES_IDX_MAP);
  }
}

export default {
  name: "put-writes-appends-regular-writes",
  bug: "a regular write repeated at the same (taskId, idx) is stored again instead of being ignored",
  catches: ["test_put_writes_idempotent", "test_put_writes_regular_first_writer_wins"],
  create: () => new AppendsRegularWrites(),
} satisfies Mutant;
