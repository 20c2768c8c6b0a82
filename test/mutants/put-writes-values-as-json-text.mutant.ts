import { MemorySaver, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Stores non-string write values as JSON text and never parses them back. */
class ValuesAsJsonText extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const asText = writes.map(([channel, value]): PendingWrite => [channel, typeof value === "string" ? value : JSON.stringify(value)]);
    return super.putWrites(config, asText, taskId, taskPath);
  }
}

export default {
  name: "put-writes-values-as-json-text",
  bug: "write values that are not strings read back as their JSON text",
  catches: ["test_put_writes_preserves_channel_and_value", "test_put_writes_special_channels"],
  create: () => new ValuesAsJsonText(),
} satisfies Mutant;
