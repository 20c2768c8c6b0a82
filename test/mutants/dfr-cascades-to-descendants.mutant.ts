import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** An ON DELETE CASCADE on the parent column: deleting a run also deletes every checkpoint below it. */
class CascadesToDescendants extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    const removed = new Set((await this.refsOfRuns(runIds)).map((ref) => ref.id));
    let grew = true;
    while (grew) {
      grew = false;
      for (const ref of this.refs()) {
        const parentId = this.storage[ref.threadId][ref.ns][ref.id][2];
        if (!removed.has(ref.id) && parentId !== undefined && removed.has(parentId)) {
          removed.add(ref.id);
          grew = true;
        }
      }
    }
    for (const ref of this.refs()) if (removed.has(ref.id)) this.removeCheckpoint(ref);
  }
}

export default {
  name: "dfr-cascades-to-descendants",
  bug: "deleteForRuns cascades along parent links, deleting later checkpoints (of other runs or none) below a deleted one",
  baseline: "reference",
  catches: ["test_delete_for_runs_keeps_checkpoints_without_run_id"],
  create: () => new CascadesToDescendants(),
} satisfies Mutant;
