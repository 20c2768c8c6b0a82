import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Fires the write off and resolves at once (a forgotten `await` on the database call). */
class UnawaitedWrites extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    setTimeout(() => void super.putWrites(config, writes, taskId, taskPath), 5);
  }
}

export default {
  name: "conc-put-writes-not-awaited",
  bug: "putWrites() does not await its write: it resolves before the writes are stored",
  catches: ["test_conc_writes_visible_when_promise_resolves", "test_conc_parallel_put_writes_same_checkpoint"],
  create: () => new UnawaitedWrites(),
} satisfies Mutant;
