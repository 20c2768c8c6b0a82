import { globRegex, ThreadMatchingSaver } from "./thread-matching.js";
import type { Mutant } from "./types.js";

export default {
  name: "key-glob-delete-thread",
  bug: 'deleteThread(id) deletes the keys matching the glob "checkpoint:<id>:*" (Redis SCAN MATCH): deleteThread("user") also deletes thread "user:2", deleteThread("a*c") deletes "abc"',
  catches: ["test_key_delete_thread_deletes_only_the_named_thread"],
  create: () => new ThreadMatchingSaver(["deleteThread"], (stored, requested) => globRegex(`${requested}:*`).test(`${stored}:`)),
} satisfies Mutant;
