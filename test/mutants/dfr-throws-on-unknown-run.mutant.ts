import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Reports "run not found" when nothing matched, like a REST handler would. */
class ThrowsOnUnknownRun extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    const matched = await this.refsOfRuns(runIds);
    for (const ref of matched) this.removeCheckpoint(ref);
    if (runIds.length > 0 && matched.length === 0) throw new Error(`runs not found: ${runIds.join(", ")}`);
  }
}

export default {
  name: "dfr-throws-on-unknown-run",
  bug: "deleteForRuns rejects with 'runs not found' when no checkpoint has the given run ids",
  baseline: "reference",
  catches: ["test_delete_for_runs_nonexistent_noop"],
  create: () => new ThrowsOnUnknownRun(),
} satisfies Mutant;
