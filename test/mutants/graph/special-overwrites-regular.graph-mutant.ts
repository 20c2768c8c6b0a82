import { SpecialAtCallIndexSaver } from "../special-at-call-index.js";
import type { GraphMutant } from "./types.js";

export default {
  name: "special-overwrites-regular",
  bug: "a write to __error__, __interrupt__ or __resume__ is stored at its position in the call (idx 0) instead of its negative WRITES_IDX_MAP index, replacing the task's regular write at idx 0",
  catches: ["G03"],
  create: () => new SpecialAtCallIndexSaver(),
} satisfies GraphMutant;
