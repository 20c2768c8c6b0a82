import { SpecialFirstWriterWinsSaver } from "./special-first-writer-wins.js";
import type { Mutant } from "./types.js";

export default {
  name: "put-writes-special-first-writer-wins",
  bug: "special writes (ERROR, INTERRUPT, ...) are never overwritten: the first value stays",
  catches: ["test_put_writes_special_last_writer_wins"],
  create: () => new SpecialFirstWriterWinsSaver(),
} satisfies Mutant;
