/**
 * The one capability table. Everything else (the `Capability` type, detection,
 * CLI choices, the README table, report sections) derives from it.
 *
 * Ids are Python's strings, so reports compare across languages.
 * @public
 */
export const CAPABILITIES = [
  {
    id: "put",
    method: "put",
    kind: "base",
    signature: "put(config, checkpoint, metadata, newVersions): Promise<RunnableConfig>",
    summary: "store a checkpoint and return its config",
  },
  {
    id: "put_writes",
    method: "putWrites",
    kind: "base",
    signature: "putWrites(config, writes, taskId, taskPath?): Promise<void>",
    summary: "store pending writes against a checkpoint",
  },
  {
    id: "get_tuple",
    method: "getTuple",
    kind: "base",
    signature: "getTuple(config): Promise<CheckpointTuple | undefined>",
    summary: "read one checkpoint (latest or by id) with parent and writes",
  },
  {
    id: "list",
    method: "list",
    kind: "base",
    signature: "list(config, { filter, before, limit }?): AsyncGenerator<CheckpointTuple>",
    summary: "list checkpoints newest first, filtered",
  },
  {
    id: "delete_thread",
    method: "deleteThread",
    kind: "base",
    signature: "deleteThread(threadId): Promise<void>",
    summary: "delete every checkpoint and write of a thread",
  },
  {
    id: "delete_for_runs",
    method: "deleteForRuns",
    kind: "extended",
    signature: "deleteForRuns(runIds: string[]): Promise<void>",
    summary: "delete the checkpoints (and writes) whose metadata.run_id is given",
  },
  {
    id: "copy_thread",
    method: "copyThread",
    kind: "extended",
    signature: "copyThread(sourceThreadId: string, targetThreadId: string): Promise<void>",
    summary: "copy a whole thread, ids, namespaces and writes included",
  },
  {
    id: "prune",
    method: "prune",
    kind: "extended",
    signature: 'prune(threadIds: string[], options?: { strategy?: "keep_latest" | "delete" }): Promise<void>',
    summary: "keep only the latest checkpoint per namespace, or delete threads",
  },
  {
    id: "delta_channel_history",
    method: "getDeltaChannelHistory",
    kind: "extended",
    signature: "getDeltaChannelHistory({ config, channels }): Promise<Record<string, DeltaChannelHistory>>",
    summary: "per-channel writes and seed along the parent chain (DeltaChannel)",
  },
] as const;

/** @public */
export type CapabilityInfo = (typeof CAPABILITIES)[number];
/** A capability id, e.g. `"put"` or `"copy_thread"`. @public */
export type Capability = CapabilityInfo["id"];
/** @public */
export type CapabilityKind = CapabilityInfo["kind"];

/** Why a saver (a store, a cache) lacking a base capability's method fails: the detection's reason, then the method every one must have. */
export function requiredOfEverySaver(info: { readonly signature: string }, reason: string, noun = "saver"): string {
  return `${reason}; ${info.signature} is required of every ${noun}`;
}
