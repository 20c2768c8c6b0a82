import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";

/** How `prune()` treats each thread: keep the latest checkpoint per namespace, or delete it all. @public */
export type PruneStrategy = "keep_latest" | "delete";

/**
 * The methods of the extended capabilities delete_for_runs, copy_thread and
 * prune. The JS base class has none of them: a saver that offers one exposes
 * it with exactly this signature (Python's `adelete_for_runs`, `acopy_thread`,
 * `aprune`). Implement the interface to have TypeScript check them.
 * @public
 */
export interface ExtendedSaverMethods {
  /** Deletes every checkpoint (and its writes), in every thread and namespace, whose `metadata.run_id` is listed. */
  deleteForRuns(runIds: string[]): Promise<void>;
  /** Copies every checkpoint of a thread (ids, metadata, namespaces, parents, pending writes) to another thread. */
  copyThread(sourceThreadId: string, targetThreadId: string): Promise<void>;
  /** `"keep_latest"` (the default) keeps the newest checkpoint of each namespace; `"delete"` removes the threads. */
  prune(threadIds: string[], options?: { strategy?: PruneStrategy }): Promise<void>;
}

/** @public */
export type ExtendedCheckpointSaver = BaseCheckpointSaver & ExtendedSaverMethods;

/**
 * The saver under test, typed with its extended methods. Spec suites call it
 * only after the runner detected the method, so the cast states a checked fact.
 */
export function asExtendedSaver(saver: BaseCheckpointSaver): ExtendedCheckpointSaver {
  return saver as ExtendedCheckpointSaver;
}
