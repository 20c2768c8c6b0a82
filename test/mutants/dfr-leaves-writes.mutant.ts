import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Deletes from the checkpoints table and forgets the writes table. */
class LeavesWrites extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    for (const ref of await this.refsOfRuns(runIds)) delete this.storage[ref.threadId][ref.ns][ref.id];
  }
}

export default {
  name: "dfr-leaves-writes",
  bug: "deleteForRuns deletes the run's checkpoints but leaves their pending writes behind (they reappear when the id is reused)",
  baseline: "reference",
  catches: ["test_delete_for_runs_removes_writes"],
  create: () => new LeavesWrites(),
} satisfies Mutant;
