import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** What a client that auto-decodes JSON replies does to a string: "42" -> 42, "true" -> true, "null" -> null, "[]" -> []. */
function autoDecoded(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function decodedAgain(tuple: CheckpointTuple): CheckpointTuple {
  const values = Object.fromEntries(Object.entries(tuple.checkpoint.channel_values).map(([k, v]) => [k, autoDecoded(v)]));
  return {
    ...tuple,
    checkpoint: { ...tuple.checkpoint, channel_values: values },
    pendingWrites: tuple.pendingWrites?.map(([taskId, channel, value]) => [taskId, channel, autoDecoded(value)]),
  };
}

/**
 * The values are stored as JSON, and the client reading them back (a Redis or
 * document driver with JSON decoding on) decodes every string-looking reply a
 * second time, so a channel value or write value that is a string holding JSON
 * comes back as a number, boolean, null or array.
 */
class JsonLookingStringsDecoded extends MemorySaver {
  override async getTuple(config: RunnableConfig) {
    const tuple = await super.getTuple(config);
    return tuple === undefined ? undefined : decodedAgain(tuple);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for await (const tuple of super.list(config, options)) yield decodedAgain(tuple);
  }
}

export default {
  name: "val-json-looking-strings-decoded",
  bug: 'channel and write values that are strings looking like JSON ("42", "true", "null", "[]") are decoded a second time on read and come back as other types',
  catches: ["test_val_strings_that_look_like_json"],
  create: () => new JsonLookingStringsDecoded(),
} satisfies Mutant;
