import { ReferenceSaver, type StoredRef } from "../fixtures/reference-saver.js";
import { memoryWritesKey } from "./memory-internals.js";
import type { Mutant } from "./types.js";

/** Copies the writes table without its task_path column (an INSERT ... SELECT that lists the other columns). */
class DropsTaskPath extends ReferenceSaver {
  protected override copyWrites(ref: StoredRef, targetThreadId: string, targetId = ref.id): void {
    super.copyWrites(ref, targetThreadId, targetId);
    const copied = this.writes[memoryWritesKey(targetThreadId, ref.ns, targetId)] ?? {};
    for (const [key, [taskId, channel, value]] of Object.entries(copied)) copied[key] = [taskId, channel, value, ""];
  }
}

export default {
  name: "ct-drops-task-path",
  bug: "copyThread copies each pending write without its task path, so the copy's writes come back in task-id order instead of the source's order",
  baseline: "reference",
  catches: ["test_copy_thread_preserves_writes"],
  create: () => new DropsTaskPath(),
} satisfies Mutant;
