import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Copies the checkpoints table and forgets the writes table. */
class DropsWrites extends ReferenceSaver {
  protected override copyWrites(): void {}
}

export default {
  name: "ct-drops-writes",
  bug: "copyThread copies the checkpoints but not their pending writes",
  baseline: "reference",
  catches: ["test_copy_thread_preserves_writes", "test_copy_thread_preserves_delta_history"],
  create: () => new DropsWrites(),
} satisfies Mutant;
