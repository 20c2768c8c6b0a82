import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

/** Treats versions_seen as derivable and does not store it. */
const dropsVersionsSeen: CheckpointRewrite = (checkpoint) => ({ ...checkpoint, versions_seen: {} });

export default {
  name: "put-drops-versions-seen",
  bug: "put does not store versions_seen; it reads back as {}",
  catches: ["test_put_preserves_versions_seen", "test_put_preserves_versions_seen_values"],
  create: () => new RewritingPutSaver(dropsVersionsSeen),
} satisfies Mutant;
