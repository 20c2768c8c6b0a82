import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

/** Stores only the values named in newVersions and never looks up unchanged channels in an ancestor. */
const storesOnlyNewVersions: CheckpointRewrite = (checkpoint, newVersions) => ({
  ...checkpoint,
  channel_values: Object.fromEntries(Object.entries(checkpoint.channel_values).filter(([k]) => k in newVersions)),
});

export default {
  name: "put-stores-only-new-versions",
  bug: "channels not in newVersions are lost: unchanged channels are neither stored nor rebuilt from an ancestor",
  catches: ["test_put_incremental_channel_update", "test_put_carried_over_channels", "test_put_new_channel_added"],
  create: () => new RewritingPutSaver(storesOnlyNewVersions),
} satisfies Mutant;
