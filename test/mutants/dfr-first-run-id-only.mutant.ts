import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Binds only the first id (`WHERE run_id = $1`). */
class FirstRunIdOnly extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    return super.deleteForRuns(runIds.slice(0, 1));
  }
}

export default {
  name: "dfr-first-run-id-only",
  bug: "deleteForRuns deletes the checkpoints of the first run id in the list only",
  baseline: "reference",
  catches: ["test_delete_for_runs_multiple"],
  create: () => new FirstRunIdOnly(),
} satisfies Mutant;
