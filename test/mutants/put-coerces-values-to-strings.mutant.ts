import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

/** Keeps channel values in a TEXT column written with String(value). */
const coercesValuesToStrings: CheckpointRewrite = (checkpoint) => ({
  ...checkpoint,
  channel_values: Object.fromEntries(Object.entries(checkpoint.channel_values).map(([k, v]) => [k, String(v)])),
});

export default {
  name: "put-coerces-values-to-strings",
  bug: "channel values are stored with String(value): numbers, arrays and objects read back as strings",
  catches: ["test_put_preserves_channel_values", "test_put_preserves_channel_values_extra_types"],
  create: () => new RewritingPutSaver(coercesValuesToStrings),
} satisfies Mutant;
