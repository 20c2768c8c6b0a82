import { ReferenceSaver, type StoredRef } from "../fixtures/reference-saver.js";
import { likeRegex } from "./thread-matching.js";
import type { Mutant } from "./types.js";

/** Selects the runs with `metadata->>'run_id' LIKE ANY($1)`, so "%" and "_" in a run id are wildcards. */
class RunIdLike extends ReferenceSaver {
  protected override async refsOfRuns(runIds: readonly string[]): Promise<StoredRef[]> {
    const patterns = runIds.map(likeRegex);
    const matched: StoredRef[] = [];
    for (const ref of this.refs()) {
      const runId = (await this.metadataOf(ref)).run_id;
      if (typeof runId === "string" && patterns.some((p) => p.test(runId))) matched.push(ref);
    }
    return matched;
  }
}

export default {
  name: "key-dfr-run-id-like",
  bug: 'deleteForRuns matches run ids with SQL LIKE without escaping: deleteForRuns(["a%"]) deletes the checkpoints of run "abc"',
  baseline: "reference",
  catches: ["test_key_delete_for_runs_deletes_only_the_named_runs"],
  create: () => new RunIdLike(),
} satisfies Mutant;
