import { RewritingIdsSaver } from "./rewriting-ids.js";
import type { Mutant } from "./types.js";

export default {
  name: "key-nfc-normalises-ids",
  bug: 'normalises thread ids and namespaces to unicode NFC before storing them: thread "cafe\\u0301" comes back as "caf\\u00e9" and shares its checkpoints',
  catches: ["test_key_ids_round_trip_exactly"],
  create: () => new RewritingIdsSaver((id) => id.normalize("NFC")),
} satisfies Mutant;
