import { ThreadMatchingSaver } from "../thread-matching.js";
import type { GraphMutant } from "./types.js";

/** What a key `thread:ns:id`, split back at ':', keeps of an id: the part before its first ':'. */
const head = (id: string) => id.split(":")[0];

export default {
  name: "colon-splits-ids",
  bug: "thread ids and namespaces are matched by their part before the first ':' (the saver builds row keys as thread:ns:id and splits them back), so 'run:a' and 'run:b' share checkpoints",
  catches: ["G12", "G18", "G19", "G20", "G22"],
  create: () =>
    new ThreadMatchingSaver(
      ["getTuple", "list", "deleteThread"],
      (stored, requested) => head(stored) === head(requested),
      (stored, requested) => head(stored) === head(requested),
    ),
} satisfies GraphMutant;
