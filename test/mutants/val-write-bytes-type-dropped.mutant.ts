import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

export default {
  name: "val-write-bytes-type-dropped",
  bug: 'putWrites keeps only the payload of serde.dumpsTyped and loads every write as "json", so a write holding a Uint8Array (type "bytes") makes getTuple reject (MemorySaver 1.2.2 as it is)',
  baseline: "typed-writes",
  catches: ["test_val_bytes_whole_write_values"],
  create: () => new MemorySaver(),
} satisfies Mutant;
