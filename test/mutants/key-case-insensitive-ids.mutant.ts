import { ThreadMatchingSaver } from "./thread-matching.js";
import type { Mutant } from "./types.js";

const caseless = (stored: string, requested: string) => stored.toLowerCase() === requested.toLowerCase();

export default {
  name: "key-case-insensitive-ids",
  bug: 'compares thread ids and namespaces under a case-insensitive collation (MySQL\'s default): getTuple of thread "ABC" finds thread "abc", threads "abc" and "Abc" share a latest checkpoint',
  catches: ["test_key_get_tuple_finds_only_the_named_thread"],
  create: () => new ThreadMatchingSaver(["getTuple", "list", "deleteThread"], caseless, caseless),
} satisfies Mutant;
