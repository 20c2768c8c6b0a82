import { uuid6 } from "@langchain/langgraph-checkpoint";
import { ReferenceSaver } from "../fixtures/reference-saver.js";
import type { Mutant } from "./types.js";

/** Gives every copy a fresh id (oldest first, so order and parent links stay consistent). */
class RegeneratesIds extends ReferenceSaver {
  override async copyThread(sourceThreadId: string, targetThreadId: string): Promise<void> {
    const newIds = new Map<string, string>();
    for (const ref of this.refs([sourceThreadId]).sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const newId = uuid6(-1);
      newIds.set(ref.id, newId);
      const [, metadata, parentId] = this.storage[ref.threadId][ref.ns][ref.id];
      const [, checkpoint] = await this.serde.dumpsTyped({ ...(await this.checkpointOf(ref)), id: newId });
      this.copyEntry({ ...ref, id: newId }, targetThreadId, [
        checkpoint,
        metadata,
        parentId === undefined ? undefined : newIds.get(parentId),
      ]);
      this.copyWrites(ref, targetThreadId, newId);
    }
  }
}

export default {
  name: "ct-regenerates-ids",
  bug: "copyThread gives the copies new checkpoint ids instead of keeping the source's",
  baseline: "reference",
  catches: ["test_copy_thread_preserves_ordering", "test_copy_thread_preserves_parent_chain"],
  create: () => new RegeneratesIds(),
} satisfies Mutant;
