import { ThreadMatchingSaver } from "./thread-matching.js";
import type { Mutant } from "./types.js";

/** SQL's PAD SPACE rule (MySQL's and SQL Server's collations, CHAR columns): trailing spaces do not count. */
const padSpace = (stored: string, requested: string) => stored.trimEnd() === requested.trimEnd();

export default {
  name: "key-pad-space-ids",
  bug: 'compares thread ids and namespaces under a PAD SPACE collation, so getTuple of thread "abc " finds thread "abc" and namespace "sub " is namespace "sub"',
  catches: ["test_key_get_tuple_finds_only_the_named_thread"],
  create: () => new ThreadMatchingSaver(["getTuple", "list", "deleteThread"], padSpace, padSpace),
} satisfies Mutant;
