import { MemorySaver, type Checkpoint, type CheckpointMetadata, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** MongoDB's old field-name rules: no "." and no leading "$"; the saver escapes both and never unescapes. */
const sanitize = (key: string) => key.replace(/\./g, "_").replace(/^\$/, "_");
const sanitizeKeys = <T>(obj: Record<string, T>) => Object.fromEntries(Object.entries(obj).map(([k, v]) => [sanitize(k), v]));

class SanitizingDocumentSaver extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    const stored = {
      ...checkpoint,
      channel_values: sanitizeKeys(checkpoint.channel_values),
      channel_versions: sanitizeKeys(checkpoint.channel_versions),
    };
    return super.put(config, stored, metadata);
  }

  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(
      config,
      writes.map(([channel, value]): PendingWrite => [sanitize(channel), value]),
      taskId,
      taskPath,
    );
  }
}

export default {
  name: "val-keys-sanitized",
  bug: 'channel names with "." or a leading "$" are escaped for a document store (a.b → a_b) and never unescaped',
  catches: ["test_val_channel_names_as_data", "test_val_write_channel_names_as_data"],
  create: () => new SanitizingDocumentSaver(),
} satisfies Mutant;
