import { MemorySaver, type CheckpointListOptions } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** list() skips the join with the writes table: its tuples carry no pendingWrites. */
class ListWithoutWrites extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions) {
    for await (const tuple of super.list(config, options)) yield { ...tuple, pendingWrites: [] };
  }
}

export default {
  name: "list-without-writes",
  bug: "list() returns tuples without their pendingWrites (getTuple() has them), so history snapshots lose task results, errors and interrupts",
  catches: [
    "G01",
    "G02",
    "G03",
    "G04",
    "G05",
    "G06",
    "G07",
    "G08",
    "G09",
    "G10",
    "G11",
    "G12",
    "G13",
    "G14",
    "G15",
    "G17",
    "G18",
    "G19",
    "G20",
    "G22",
  ],
  create: () => new ListWithoutWrites(),
} satisfies GraphMutant;
