import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Keeps versions as strings (a key-value store's counter) without zero padding. */
class UnpaddedStringVersions extends MemorySaver {
  override getNextVersion(current: number | undefined): number {
    return String(Number(current ?? 0) + 1) as unknown as number;
  }
}

export default {
  name: "ord-next-version-unpadded-string",
  bug: 'getNextVersion returns unpadded numeric strings ("9", "10"), which compare as text: version 10 sorts before version 9',
  catches: ["test_ord_next_version_over_dozens_of_steps"],
  create: () => new UnpaddedStringVersions(),
} satisfies Mutant;
