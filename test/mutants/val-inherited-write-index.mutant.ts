import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

export default {
  name: "val-inherited-write-index",
  bug: "putWrites looks the write index up as `WRITES_IDX_MAP[channel] || idx`, so a channel named constructor or toString gets an inherited function as its index (MemorySaver 1.2.2 as it is)",
  baseline: "own-key-writes",
  catches: ["test_val_write_channels_named_like_object_members"],
  create: () => new MemorySaver(),
} satisfies Mutant;
