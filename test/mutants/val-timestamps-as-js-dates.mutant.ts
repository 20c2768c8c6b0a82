import { RewritingPutSaver, type CheckpointRewrite } from "./rewriting-put.js";
import type { Mutant } from "./types.js";

/** A timestamptz column read into a JS Date: milliseconds only, and always "Z". */
const tsAsDate: CheckpointRewrite = (checkpoint) => ({ ...checkpoint, ts: new Date(checkpoint.ts).toISOString() });

export default {
  name: "val-timestamps-as-js-dates",
  bug: 'stores ts in a timestamp column and reads it back through a JS Date, so Python\'s "2024-07-31T20:14:19.804150+00:00" comes back as "2024-07-31T20:14:19.804Z"',
  catches: ["test_val_values_written_by_python_read_back_exactly"],
  create: () => new RewritingPutSaver(tsAsDate),
} satisfies Mutant;
