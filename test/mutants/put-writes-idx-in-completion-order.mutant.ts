import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Turns of the event loop one value's compression (or encryption, or upload) takes: one per started KiB of its JSON. */
const turnsFor = (value: unknown): number => Math.max(1, Math.ceil((JSON.stringify(value) ?? "").length / 1024));

/**
 * putWrites() compresses every value at once (`Promise.all`) and gives each
 * write the next idx as its compression finishes, so in one call a large value
 * gets a later idx than a small value written after it.
 */
class IdxInCompletionOrder extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    const finished: PendingWrite[] = [];
    await Promise.all(
      writes.map(async (write) => {
        const turns = turnsFor(write[1]);
        for (let turn = 0; turn < turns; turn += 1) await new Promise((resolve) => setImmediate(resolve));
        finished.push(write);
      }),
    );
    return super.putWrites(config, finished, taskId, taskPath);
  }
}

export default {
  name: "put-writes-idx-in-completion-order",
  bug: "putWrites() numbers the writes of one call (idx) in the order their async per-write work (compression) finishes, not by their position in the call",
  catches: ["test_put_writes_order_of_one_call_across_value_sizes"],
  create: () => new IdxInCompletionOrder(),
} satisfies Mutant;
