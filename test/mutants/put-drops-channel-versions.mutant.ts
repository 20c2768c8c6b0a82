import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

/** Stores channel values per channel but no channel_versions map. */
const dropsChannelVersions: CheckpointRewrite = (checkpoint) => ({ ...checkpoint, channel_versions: {} });

export default {
  name: "put-drops-channel-versions",
  bug: "put does not store channel_versions; they read back as {}",
  catches: ["test_put_preserves_channel_versions"],
  create: () => new RewritingPutSaver(dropsChannelVersions),
} satisfies Mutant;
