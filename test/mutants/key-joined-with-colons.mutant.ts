import { JoinedKeySaver } from "./joined-keys.js";
import type { Mutant } from "./types.js";

export default {
  name: "key-joined-with-colons",
  bug: 'keys checkpoints by [thread, ns, id].filter(Boolean).join(":"), so thread "T:sub" in the root namespace and thread "T" in namespace "sub" share one key',
  catches: ["test_key_concatenated_parts_stay_apart"],
  create: () => new JoinedKeySaver((...parts) => parts.filter(Boolean).join(":")),
} satisfies Mutant;
