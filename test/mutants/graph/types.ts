import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";

/**
 * A saver with exactly one realistic bug that graphs notice. Each lives in
 * `test/mutants/graph/<name>.graph-mutant.ts` (not `*.mutant.ts`, so the
 * storage-level mutant harness does not load it), default-exported.
 */
export interface GraphMutant {
  /** kebab-case, equal to the file name without `.graph-mutant.ts`. */
  name: string;
  /** The one bug, in a sentence a saver author would recognise. */
  bug: string;
  /** Graph scenario ids (`G07`) that must fail on it; a scenario fails when any of its cases does. */
  catches: readonly string[];
  /**
   * Set when every storage-level spec test passes on it: the bug only shows
   * in a graph. The project's tests check that this still holds.
   */
  passesStorageSpecs?: true;
  /** The saver methods the bug is in, when the methods the mutant overrides do not say it (npm run diagnosis). */
  methods?: readonly string[];
  create(): BaseCheckpointSaver;
}
