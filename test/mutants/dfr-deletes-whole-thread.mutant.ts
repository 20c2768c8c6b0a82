import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Implements "delete a run" as "delete the thread the run ran on". */
class DeletesWholeThread extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    const threads = new Set((await this.refsOfRuns(runIds)).map((ref) => ref.threadId));
    for (const threadId of threads) await this.deleteThread(threadId);
  }
}

export default {
  name: "dfr-deletes-whole-thread",
  bug: "deleteForRuns deletes every thread a listed run touched, removing other runs' checkpoints on it",
  baseline: "reference",
  catches: [
    "test_delete_for_runs_single",
    "test_delete_for_runs_preserves_other_runs",
    "test_delete_for_runs_keeps_checkpoints_without_run_id",
  ],
  create: () => new DeletesWholeThread(),
} satisfies Mutant;
