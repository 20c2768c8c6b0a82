import type { ChannelVersions } from "@langchain/langgraph-checkpoint";
import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

const asText = (versions: ChannelVersions) => Object.fromEntries(Object.entries(versions).map(([k, v]) => [k, String(v)]));

/** Keeps versions in TEXT columns, so number 1 reads back as "1". */
const stringifiesVersions: CheckpointRewrite = (checkpoint) => ({
  ...checkpoint,
  channel_versions: asText(checkpoint.channel_versions),
  versions_seen: Object.fromEntries(Object.entries(checkpoint.versions_seen).map(([node, seen]) => [node, asText(seen)])),
});

export default {
  name: "put-stringifies-versions",
  bug: 'channel_versions and versions_seen read back as strings (1 becomes "1")',
  catches: ["test_put_stores_checkpoint_without_alteration"],
  create: () => new RewritingPutSaver(stringifiesVersions),
} satisfies Mutant;
