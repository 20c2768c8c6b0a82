import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Returns the current version (or 1) instead of the next one. */
class NextVersionNotIncreasing extends MemorySaver {
  override getNextVersion(current: number | undefined): number {
    return current ?? 1;
  }
}

export default {
  name: "get-next-version-not-increasing",
  bug: "getNextVersion(v) returns v instead of a greater version",
  catches: ["test_get_next_version_increases"],
  create: () => new NextVersionNotIncreasing(),
} satisfies Mutant;
