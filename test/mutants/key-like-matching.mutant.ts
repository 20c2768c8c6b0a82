import { likeRegex, ThreadMatchingSaver } from "./thread-matching.js";
import type { Mutant } from "./types.js";

const like = (stored: string, requested: string) => likeRegex(requested).test(stored);

export default {
  name: "key-like-matching",
  bug: 'matches thread ids and namespaces with SQL LIKE without escaping, so "%" and "_" are wildcards: getTuple of thread "a%" finds thread "abc"',
  catches: ["test_key_get_tuple_finds_only_the_named_thread"],
  create: () => new ThreadMatchingSaver(["getTuple", "list", "deleteThread"], like, like),
} satisfies Mutant;
