import { globRegex, ThreadMatchingSaver } from "./thread-matching.js";
import type { Mutant } from "./types.js";

export default {
  name: "key-glob-list",
  bug: 'list() scans the keys matching the glob "checkpoint:<thread_id>:<ns>:*" (Redis SCAN MATCH): list({thread_id: "user"}) also yields thread "user:2", "a?c" yields "abc"',
  catches: ["test_key_list_yields_only_the_named_thread"],
  create: () =>
    new ThreadMatchingSaver(
      ["list"],
      (stored, requested) => globRegex(`${requested}:*`).test(`${stored}:`),
      (stored, requested) => globRegex(requested).test(stored),
    ),
} satisfies Mutant;
