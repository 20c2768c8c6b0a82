import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Reads a checkpoint's writes with one backend query of at most 100 items and never asks for the next page. */
class WritesFirstPage extends MemorySaver {
  override _orderedWrites(threadId: string | undefined, checkpointNs: string, checkpointId: string) {
    return super._orderedWrites(threadId, checkpointNs, checkpointId).slice(0, 100);
  }
}

export default {
  name: "ord-writes-first-page",
  bug: "a checkpoint's pending writes are read with one query page of 100 items; later pages are never fetched",
  catches: ["test_ord_many_pending_writes"],
  create: () => new WritesFirstPage(),
} satisfies Mutant;
