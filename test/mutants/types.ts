import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { BaselineName } from "../fixtures/baselines.js";

/**
 * A saver with exactly one realistic bug. Each lives in its own
 * `test/mutants/<name>.mutant.ts` file, default-exported.
 */
export interface Mutant {
  /** kebab-case, equal to the file name without `.mutant.ts`. */
  name: string;
  /** The one bug, in a sentence a saver author would recognise. */
  bug: string;
  /** The correct saver this one is derived from; it also fixes the profile the mutant is validated with. Default "memory". */
  baseline?: BaselineName;
  /** Spec tests (by name) this mutant must fail; the project's tests assert it. */
  catches: readonly string[];
  /** The saver methods the bug is in, when neither the name's prefix (`put-writes-`) nor the methods the mutant overrides say it (npm run diagnosis). */
  methods?: readonly string[];
  create(): BaseCheckpointSaver;
}
