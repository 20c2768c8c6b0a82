import type { CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Rewrites each copy's metadata.source to "fork" to mark it as copied. */
class MarksCopiesAsFork extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    for (const ref of this.refs([sourceThreadId])) {
      const [checkpoint, , parentId] = this.storage[ref.threadId][ref.ns][ref.id];
      const metadata: CheckpointMetadata = { ...(await this.metadataOf(ref)), source: "fork" };
      const [, bytes] = await this.serde.dumpsTyped(metadata);
      this.copyEntry(ref, targetThreadId, [checkpoint, bytes, parentId]);
      this.copyWrites(ref, targetThreadId);
    }
  }
}

export default {
  name: "ct-marks-copies-as-fork",
  bug: 'copyThread rewrites metadata.source of every copy to "fork" instead of keeping the metadata',
  baseline: "reference",
  catches: ["test_copy_thread_preserves_metadata"],
  create: () => new MarksCopiesAsFork(),
} satisfies Mutant;
