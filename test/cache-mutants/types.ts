import type { BaseCache } from "@langchain/langgraph-checkpoint";

/**
 * A cache with exactly one realistic bug, derived from test/kinds/cache/reference-cache.ts.
 * Each lives in its own `test/cache-mutants/<name>.mutant.ts` file, default-exported.
 */
export interface CacheMutant {
  /** kebab-case, equal to the file name without `.mutant.ts`. */
  name: string;
  /** The one bug, in a sentence a cache author would recognise. */
  bug: string;
  /** Cache spec tests (by name) this mutant must fail. */
  catches: readonly string[];
  /** The methods the bug is in, when its overrides do not say (npm run diagnosis grades the report's first cause by them). */
  methods?: readonly string[];
  create(): BaseCache;
}
