/**
 * The storage clauses a graph scenario leans on, in the words a saver author
 * needs. A divergence is explained by the clause that most likely causes it.
 */
export const CLAUSES = {
  parent: "put() stores the parent id taken from the config's checkpoint_id and returns it as parentConfig",
  latest: "getTuple() without a checkpoint_id returns the newest checkpoint (the largest id) of that thread and namespace",
  list: "list() returns every checkpoint of the thread and namespace (exact match), newest first by id, honouring limit, before and filter",
  "pending-writes": "getTuple() and list() return the pendingWrites stored for that very checkpoint (task results, errors, interrupts, resume values)",
  "writes-order": "pendingWrites come back in (taskPath, taskId, idx) order, so a DeltaChannel rebuilt from them matches the live run",
  "special-upsert": "a write to __error__, __interrupt__ or __resume__ replaces the same task's earlier write to that channel (normal writes: first write wins)",
  "writes-before-put": "putWrites() is accepted before the put() of its checkpoint has finished (async and exit durability send them in that order)",
  metadata: "metadata comes back exactly as put: source, step (including -1) and the parents map",
  "branch-values": "channel values belong to one checkpoint: blobs keyed only by (thread, ns, channel, version) must not be reused when a fork or replay reuses a version number",
  namespace: "checkpoint_ns is stored as given (with ':' and '|') and every lookup matches it exactly",
  "delete-thread": "deleteThread() removes every checkpoint and write of that thread, in every namespace, and of no other thread",
  serde: "channel values round-trip through the saver unchanged (large strings, emoji, NUL characters)",
  "thread-isolation": "a thread only ever sees its own checkpoints, also when several threads run at once",
} as const;

export type ClauseId = keyof typeof CLAUSES;

/** Picks the clause that most likely explains a divergence at `path` of the step `label`. */
export function likelyClause(scenarioClauses: readonly ClauseId[], label: string, path: string): ClauseId {
  const prefer = (...candidates: ClauseId[]): ClauseId | undefined => candidates.find((c) => scenarioClauses.includes(c));
  const fallback = scenarioClauses[0] ?? "pending-writes";
  if (/(^|\.)threw/.test(path)) return prefer("writes-before-put") ?? fallback;
  if (/metadata\.parents/.test(path)) return prefer("namespace", "metadata") ?? "metadata";
  if (/(^|\.|\])parent$/.test(path)) return "parent";
  if (/metadata\.(source|step)/.test(path)) return prefer("latest", "branch-values") ?? "metadata";
  if (/tasks\[\d+\]\.(interrupts|error)/.test(path)) return prefer("special-upsert") ?? "pending-writes";
  if (/tasks\[\d+\]\.result|(^|\.)next/.test(path) || label.includes("node calls")) return prefer("pending-writes", "latest") ?? fallback;
  if (/(^|\.)length$/.test(path) && /history/.test(label)) return prefer("list", "delete-thread", "namespace") ?? "list";
  if (/(^|\.)checkpoint$/.test(path)) return prefer("latest") ?? "latest";
  if (/values/.test(path)) return prefer("branch-values", "writes-order", "serde", "thread-isolation", "delete-thread") ?? fallback;
  return fallback;
}
