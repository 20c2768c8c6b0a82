import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Reports "run not found" when nothing matched, like a REST handler would. */
class ThrowsOnUnknownRun extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    let matched = 0;
    for (const ref of this.refs()) {
      if (runIds.includes((await this.metadataOf(ref)).run_id as string)) {
        this.removeCheckpoint(ref);
        matched++;
      }
    }
    if (runIds.length > 0 && matched === 0) throw new Error(`runs not found: ${runIds.join(", ")}`);
  }
}

export default {
  name: "dfr-throws-on-unknown-run",
  bug: "deleteForRuns rejects with 'runs not found' when no checkpoint has the given run ids",
  baseline: "reference",
  catches: ["test_delete_for_runs_nonexistent_noop"],
  create: () => new ThrowsOnUnknownRun(),
} satisfies Mutant;
