import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { TypedWritesSaver } from "../fixtures/typed-writes-saver.js";
import type { Mutant } from "./types.js";

const CHUNK = 1024 * 1024;
const MAX_CHUNKS = 4;

/**
 * Splits a large write into 1 MiB chunks (a document store's size limit) and reads them back with a query capped
 * at 4 chunks: anything past 4 MiB is silently dropped instead of rejected.
 */
class BytesCutAtFourMib extends TypedWritesSaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const capped = writes.map(
      ([channel, value]): PendingWrite => [channel, value instanceof Uint8Array ? value.slice(0, CHUNK * MAX_CHUNKS) : value],
    );
    return super.putWrites(config, capped, taskId, taskPath);
  }
}

export default {
  name: "val-write-bytes-cut-at-four-mib",
  bug: "a write's bytes are stored in 1 MiB chunks and read back with a query capped at 4 chunks: a 5 MiB value comes back cut to 4 MiB, with no error",
  baseline: "typed-writes",
  catches: ["test_val_bytes_whole_write_values"],
  create: () => new BytesCutAtFourMib(),
} satisfies Mutant;
