import { MemorySaver, WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { writesKeyOf } from "./memory-internals.js";
import type { Mutant } from "./types.js";

const isSpecial = (channel: string) => Object.hasOwn(WRITES_IDX_MAP, channel);

/**
 * Special writes (__error__, __interrupt__, ...) have a fixed idx, so they are
 * upserted on (checkpoint, idx) with the task left out of the key: one task's
 * interrupt replaces another task's at the same checkpoint.
 */
class SpecialKeyWithoutTask extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    await super.putWrites(config, writes, taskId, taskPath);
    const stored = this.writes[writesKeyOf(config)] ?? {};
    for (const [channel] of writes.filter(([c]) => isSpecial(c))) {
      const idx = WRITES_IDX_MAP[channel];
      for (const inner of Object.keys(stored)) {
        if (inner.endsWith(`,${idx}`) && inner !== `${taskId},${idx}`) delete stored[inner];
      }
    }
  }
}

export default {
  name: "put-writes-special-key-without-task",
  bug: "special writes (__interrupt__, __error__) are keyed by (checkpoint, idx) without their task, so one task's interrupt replaces another's",
  catches: ["test_put_writes_keys_keep_tasks_apart"],
  create: () => new SpecialKeyWithoutTask(),
} satisfies Mutant;
