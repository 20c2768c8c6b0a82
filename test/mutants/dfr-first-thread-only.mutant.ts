import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Looks the run up once, finds its thread, and deletes only there. */
class FirstThreadOnly extends ReferenceSaver {
  override async deleteForRuns(runIds: string[]): Promise<void> {
    const matched = await this.refsOfRuns(runIds);
    for (const ref of matched) if (ref.threadId === matched[0].threadId) this.removeCheckpoint(ref);
  }
}

export default {
  name: "dfr-first-thread-only",
  bug: "deleteForRuns deletes a run's checkpoints on the first thread where it finds the run only",
  baseline: "reference",
  catches: ["test_delete_for_runs_across_threads"],
  create: () => new FirstThreadOnly(),
} satisfies Mutant;
