import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Builds its filter as "no run ids given = no restriction". */
class EmptyListDeletesAllRuns extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    for (const ref of this.refs()) {
      const runId = (await this.metadataOf(ref)).run_id;
      if (typeof runId === "string" && (runIds.length === 0 || runIds.includes(runId))) this.removeCheckpoint(ref);
    }
  }
}

export default {
  name: "dfr-empty-list-deletes-all-runs",
  bug: "deleteForRuns([]) treats the empty list as no filter and deletes every checkpoint that has a run_id",
  baseline: "reference",
  catches: ["test_delete_for_runs_empty_list_noop"],
  create: () => new EmptyListDeletesAllRuns(),
} satisfies Mutant;
