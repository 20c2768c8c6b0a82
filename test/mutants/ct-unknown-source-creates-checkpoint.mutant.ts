import { emptyCheckpoint } from "@langchain/langgraph-checkpoint";
import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** "Creates the target thread" with an initial checkpoint before copying into it. */
class UnknownSourceCreatesCheckpoint extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    if (this.storage[sourceThreadId] === undefined) {
      await this.put({ configurable: { thread_id: targetThreadId, checkpoint_ns: "" } }, emptyCheckpoint(), {
        source: "input",
        step: -1,
        parents: {},
      });
      return;
    }
    return super.copyThread(sourceThreadId, targetThreadId);
  }
}

export default {
  name: "ct-unknown-source-creates-checkpoint",
  bug: "copyThread from a thread that does not exist creates the target with an empty initial checkpoint",
  baseline: "reference",
  catches: ["test_copy_thread_nonexistent_source"],
  create: () => new UnknownSourceCreatesCheckpoint(),
} satisfies Mutant;
