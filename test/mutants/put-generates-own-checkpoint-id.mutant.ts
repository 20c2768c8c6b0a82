import { uuid6 } from "@langchain/langgraph-checkpoint";
import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

/** Gives every stored row an id of its own instead of keeping checkpoint.id. */
const generatesOwnCheckpointId: CheckpointRewrite = (checkpoint) => ({ ...checkpoint, id: uuid6(-1) });

export default {
  name: "put-generates-own-checkpoint-id",
  bug: "put stores the checkpoint under a fresh id of its own, not checkpoint.id",
  catches: ["test_put_roundtrip", "test_put_returns_config"],
  create: () => new RewritingPutSaver(generatesOwnCheckpointId),
} satisfies Mutant;
