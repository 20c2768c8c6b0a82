import { RewritingIdsSaver } from "./rewriting-ids.js";
import type { Mutant } from "./types.js";

export default {
  name: "key-truncates-long-ids",
  bug: "stores thread ids and namespaces in a VARCHAR(255) column that silently truncates (MySQL without strict mode): long ids come back cut, and ids sharing 255 first characters collide",
  catches: ["test_key_ids_round_trip_exactly", "test_key_get_tuple_finds_only_the_named_thread"],
  create: () => new RewritingIdsSaver((id) => id.slice(0, 255)),
} satisfies Mutant;
