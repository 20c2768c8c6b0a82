import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Finds the runs' checkpoints with one `in` query, which takes at most 10 values (Firestore's former limit). */
class FirstTenRunIds extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    return super.deleteForRuns(runIds.slice(0, 10));
  }
}

export default {
  name: "ord-dfr-first-ten-run-ids",
  bug: "deleteForRuns queries the run ids with one `in` filter of at most 10 values (Firestore's former limit) and never the rest, so the checkpoints of later run ids stay",
  baseline: "reference",
  catches: ["test_ord_delete_for_runs_past_a_batch"],
  create: () => new FirstTenRunIds(),
} satisfies Mutant;
