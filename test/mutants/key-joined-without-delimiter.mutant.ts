import { JoinedKeySaver } from "./joined-keys.js";
import type { Mutant } from "./types.js";

export default {
  name: "key-joined-without-delimiter",
  bug: 'keys checkpoints by thread + ns + id with no delimiter, so thread "T" in namespace "sub" and thread "Tsub" in the root namespace share one key',
  catches: ["test_key_concatenated_parts_stay_apart"],
  create: () => new JoinedKeySaver((...parts) => parts.join("")),
} satisfies Mutant;
