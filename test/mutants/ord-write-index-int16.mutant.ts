import { NarrowWriteIndexSaver, signedWrap } from "./narrow-write-index.js";
import type { Mutant } from "./types.js";

export default {
  name: "ord-write-index-int16",
  bug: "stores the write index in a SMALLINT column, so index 32,768 wraps to -32,768: in a call of more than 32,768 writes the rest sort first",
  catches: ["test_ord_write_indexes_past_32_767"],
  create: () => new NarrowWriteIndexSaver(signedWrap(16)),
} satisfies Mutant;
