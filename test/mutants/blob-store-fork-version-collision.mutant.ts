import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { BlobStoreSaver } from "../fixtures/blob-store-saver.js";
import type { Mutant } from "./types.js";

/** Keys blobs by (thread, namespace, channel, version) but counts versions 1, 2, 3, … like MemorySaver. */
class IntegerVersionBlobStore extends BlobStoreSaver {
  override getNextVersion(current: number | undefined): number {
    return MemorySaver.prototype.getNextVersion.call(this, current);
  }
}

export default {
  name: "blob-store-fork-version-collision",
  bug: "a blob store keys channel values by (thread, namespace, channel, version) with plain counter versions, so two forks of one checkpoint write the same version and the later fork's value replaces the earlier's",
  baseline: "blob-store",
  catches: ["test_ord_fork_keeps_its_own_channel_values"],
  create: () => new IntegerVersionBlobStore(),
} satisfies Mutant;
