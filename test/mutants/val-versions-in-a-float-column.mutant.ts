import type { ChannelVersions } from "@langchain/langgraph-checkpoint";
import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

/** A DOUBLE PRECISION version column, written with parseFloat: JS versions are numbers, Python's strings lose their fraction. */
const asFloat = (versions: ChannelVersions): ChannelVersions =>
  Object.fromEntries(Object.entries(versions).map(([k, v]) => [k, typeof v === "string" ? Number.parseFloat(v) : v]));

const versionsAsFloats: CheckpointRewrite = (checkpoint) => ({
  ...checkpoint,
  channel_versions: asFloat(checkpoint.channel_versions),
  versions_seen: Object.fromEntries(Object.entries(checkpoint.versions_seen).map(([node, seen]) => [node, asFloat(seen)])),
});

export default {
  name: "val-versions-in-a-float-column",
  bug: 'stores channel versions in a DOUBLE PRECISION column (parseFloat), so a version Python LangGraph wrote ("000…002.0.5434…") reads back as 2',
  catches: ["test_val_values_written_by_python_read_back_exactly"],
  create: () => new RewritingPutSaver(versionsAsFloats),
} satisfies Mutant;
