import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Copies each write value before storing it (against later mutation by the caller), with array or object spread. */
class ShallowCopiedWrites extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const copied = writes.map(
      ([channel, value]): PendingWrite => [
        channel,
        value !== null && typeof value === "object" ? (Array.isArray(value) ? [...value] : { ...value }) : value,
      ],
    );
    return super.putWrites(config, copied, taskId, taskPath);
  }
}

export default {
  name: "val-write-values-shallow-copied",
  bug: "putWrites copies each write value with `{ ...value }`: a Map, Set, Date or message that is the whole value of a write reads back as a plain object (nested ones survive the shallow copy)",
  catches: ["test_val_typed_whole_write_values"],
  create: () => new ShallowCopiedWrites(),
} satisfies Mutant;
