import { RewritingPutSaver } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

export default {
  name: "val-falsy-channel-values-dropped",
  bug: 'put() stores a channel value only `if (value)`, so 0, "", false and null channels are lost',
  catches: ["test_val_falsy_channel_values"],
  create: () =>
    new RewritingPutSaver((checkpoint) => ({
      ...checkpoint,
      channel_values: Object.fromEntries(Object.entries(checkpoint.channel_values).filter(([, value]) => value)),
    })),
} satisfies Mutant;
