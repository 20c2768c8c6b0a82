import { WRITES_IDX_MAP } from "@langchain/langgraph-checkpoint";
import { AppendingWritesSaver } from "./appending-writes.js";
import type { Mutant } from "./types.js";

/** Its writes table has no unique key for special writes: an overwrite appends a row and the old one stays. */
class DuplicatesSpecialWrites extends AppendingWritesSaver {
  protected appendsOn(channel: string): boolean {
    return channel in WRITES_IDX_MAP;
  }
}

export default {
  name: "put-writes-duplicates-special-writes",
  bug: "a special write repeated for a task is appended instead of replacing the earlier one",
  catches: ["test_put_writes_special_last_writer_wins", "test_put_writes_special_in_mixed_call_not_duplicated"],
  create: () => new DuplicatesSpecialWrites(),
} satisfies Mutant;
