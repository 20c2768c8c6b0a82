/**
 * The storage clauses a graph scenario leans on, in the words a saver author
 * needs. A failing case names one only when its targeted probe (src/diagnosis/) fails.
 */
export const CLAUSES = {
  ids: "thread ids, namespaces and checkpoint ids are stored as given (with ':' and '|') and matched exactly, never by prefix or by a part split off at a separator",
  "carried-values":
    "a put() whose newVersions name only the changed channels still reads back every channel (unchanged ones carried over from earlier checkpoints)",
  parent: "put() stores the parent id taken from the config's checkpoint_id and returns it as parentConfig",
  latest: "getTuple() without a checkpoint_id returns the newest checkpoint (the largest id) of that thread and namespace",
  list: "list() returns every checkpoint of the thread and namespace (exact match), newest first by id, honouring limit, before and filter",
  "pending-writes":
    "getTuple() and list() return the pendingWrites stored for that very checkpoint (task results, errors, interrupts, resume values)",
  "writes-order": "pendingWrites come back in (taskPath, taskId, idx) order, so a DeltaChannel rebuilt from them matches the live run",
  "special-upsert":
    "a write to __error__, __interrupt__ or __resume__ replaces the same task's earlier write to that channel (normal writes: first write wins)",
  "writes-before-put":
    "putWrites() is accepted before the put() of its checkpoint has finished (async and exit durability send them in that order)",
  metadata: "metadata comes back exactly as put: source, step (including -1) and the parents map",
  "branch-values":
    "channel values belong to one checkpoint: blobs keyed only by (thread, ns, channel, version) must not be reused when a fork or replay reuses a version number",
  namespace: "checkpoint_ns is stored as given (with ':' and '|') and every lookup matches it exactly",
  "delete-thread": "deleteThread() removes every checkpoint and write of that thread, in every namespace, and of no other thread",
  serde: "channel values round-trip through the saver unchanged (large strings, emoji, NUL characters)",
  "thread-isolation": "a thread only ever sees its own checkpoints, also when several threads run at once",
} as const;

export type ClauseId = keyof typeof CLAUSES;

/** Clauses every scenario leans on, whatever it lists: their probes run for every failing case. */
export const UNIVERSAL_CLAUSES: readonly ClauseId[] = ["ids", "latest", "carried-values"];

/**
 * Clauses whose probes are worth running for a divergence in this field of a
 * step (besides the scenario's own): a task's result, error or interrupts come
 * from pending writes, values from channel storage. Only a probe names a cause.
 */
export function clausesForField(path: string): ClauseId[] {
  if (/tasks\[\d+\]\.(result|error|interrupts)|(^|\.)next\b/.test(path))
    return ["pending-writes", "special-upsert", "writes-order", "writes-before-put"];
  if (/(^|\.)values\b/.test(path)) return ["branch-values", "serde", "writes-order"];
  if (/metadata/.test(path)) return ["metadata"];
  if (/(^|\.)parent$/.test(path)) return ["parent"];
  if (/(^|\.)length$/.test(path)) return ["list", "delete-thread"];
  return [];
}
