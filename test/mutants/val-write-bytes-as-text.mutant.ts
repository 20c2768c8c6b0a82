import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { TypedWritesSaver } from "../fixtures/typed-writes-saver.js";
import type { Mutant } from "./types.js";

/** Stores write values in a TEXT column: bytes go through UTF-8 text, which replaces invalid sequences with U+FFFD. */
class BytesWritesAsText extends TypedWritesSaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const asText = writes.map(
      ([channel, value]): PendingWrite => [
        channel,
        value instanceof Uint8Array ? new TextEncoder().encode(new TextDecoder().decode(value)) : value,
      ],
    );
    return super.putWrites(config, asText, taskId, taskPath);
  }
}

export default {
  name: "val-write-bytes-as-text",
  bug: "a write's bytes are read back through text (SqliteSaver 1.0.4's CAST(value AS TEXT)): bytes that are not UTF-8 (any byte >= 128 on its own) come back as U+FFFD",
  baseline: "typed-writes",
  catches: ["test_val_bytes_whole_write_values"],
  create: () => new BytesWritesAsText(),
} satisfies Mutant;
