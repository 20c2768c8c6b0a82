import { ReferenceSaver, type StoredRef } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Selects the runs with `run_id IN (...)` under a PAD SPACE collation: trailing spaces do not count. */
class RunIdPadSpace extends ReferenceSaver {
  protected override async refsOfRuns(runIds: readonly string[]): Promise<StoredRef[]> {
    const wanted = new Set(runIds.map((id) => id.trimEnd()));
    const matched: StoredRef[] = [];
    for (const ref of this.refs()) {
      const runId = (await this.metadataOf(ref)).run_id;
      if (typeof runId === "string" && wanted.has(runId.trimEnd())) matched.push(ref);
    }
    return matched;
  }
}

export default {
  name: "key-dfr-run-id-pad-space",
  bug: 'deleteForRuns compares run ids under a PAD SPACE collation: deleteForRuns(["abc "]) deletes the checkpoints of run "abc"',
  baseline: "reference",
  catches: ["test_key_delete_for_runs_deletes_only_the_named_runs"],
  create: () => new RunIdPadSpace(),
} satisfies Mutant;
