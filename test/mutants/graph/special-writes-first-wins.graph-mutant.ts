import { SpecialFirstWriterWinsSaver } from "../special-first-writer-wins.js";
import type { GraphMutant } from "./types.js";

export default {
  name: "special-writes-first-wins",
  bug: "writes to __interrupt__, __resume__ and __error__ are insert-if-absent like normal writes, instead of replacing the task's earlier one",
  catches: ["G03"],
  create: () => new SpecialFirstWriterWinsSaver(),
} satisfies GraphMutant;
