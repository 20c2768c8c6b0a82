import { NarrowWriteIndexSaver, signedWrap } from "./narrow-write-index.js";
import type { Mutant } from "./types.js";

export default {
  name: "ord-write-index-int8",
  bug: "stores the write index in a signed 8-bit column (TINYINT), so index 128 wraps to -128 and index 256 lands on 0: a task's 300 writes collide and sort wrong",
  catches: ["test_ord_write_indexes_past_127_and_255"],
  create: () => new NarrowWriteIndexSaver(signedWrap(8)),
} satisfies Mutant;
