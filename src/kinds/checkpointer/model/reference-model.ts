import {
  WRITES_IDX_MAP,
  compareWritesSortKeys,
  writesSortKey,
  type Checkpoint,
  type CheckpointMetadata,
  type CheckpointPendingWrite,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/**
 * The storage contract as a plain in-memory model, written to be read, not to
 * be fast. Every rule names the catalog id (spec-catalog.md) it implements.
 * Where the catalog leaves an outcome open, the model does not guess: it
 * offers a predicate (`isDefinedPut`, `isDefinedWrite`, ...) and the command
 * generators only make calls whose outcome is defined.
 */

export interface ModelWrite {
  taskId: string;
  /** JS-01: "" when the caller passed none. */
  taskPath: string;
  /** JS-03: `WRITES_IDX_MAP[channel]` for special channels, else the position in the call. */
  idx: number;
  channel: string;
  value: unknown;
}

interface ModelCheckpoint {
  threadId: string;
  ns: string;
  checkpoint: Checkpoint;
  metadata: CheckpointMetadata;
  /** PUT-12: the put config's checkpoint_id, whether or not that checkpoint exists. */
  parentId: string | undefined;
}

/**
 * What `list()` must yield. `ordered`: one namespace, so the exact sequence
 * (LS-04, LS-11). Otherwise the order across namespaces and which namespaces
 * the limit cuts are unspecified (LS-15): `count` tuples, each one of
 * `candidates`, and within each (thread, namespace) the newest ones first.
 */
export type ListExpectation =
  | { ordered: true; tuples: CheckpointTuple[] }
  | { ordered: false; candidates: CheckpointTuple[]; count: number };

export type PruneStrategy = "keep_latest" | "delete";

export interface ListOptions {
  filter?: Record<string, unknown>;
  before?: RunnableConfig;
  limit?: number;
}

/** The pendingWrites order: the contract's (JS-02), or (taskId, idx) for a saver declared to ignore taskPath. */
export type WriteOrder = "task-path" | "task-id";

/** The three coordinates of a stored checkpoint, and of the writes stored against it. */
function keyOf(threadId: string, ns: string, checkpointId: string): string {
  return JSON.stringify([threadId, ns, checkpointId]);
}

function parseKey(key: string): { threadId: string; ns: string; checkpointId: string } {
  const [threadId, ns, checkpointId] = JSON.parse(key) as [string, string, string];
  return { threadId, ns, checkpointId };
}

function writeKeyOf(taskId: string, idx: number): string {
  return JSON.stringify([taskId, idx]);
}

function isSpecialChannel(channel: string): boolean {
  return Object.hasOwn(WRITES_IDX_MAP, channel);
}

export class ReferenceModel {
  private readonly checkpoints = new Map<string, ModelCheckpoint>();
  /** Writes by checkpoint coordinates. They need no stored checkpoint: see `putWrites`. */
  private readonly writes = new Map<string, Map<string, ModelWrite>>();

  // ---- writes ---------------------------------------------------------------------------------

  /**
   * PUT-01, PUT-09, JS-07: the config put returns names the thread, the namespace ("" when
   * absent) and the stored checkpoint's id. JS-09: the checkpoint and metadata are kept exactly
   * (a deep copy, so the caller's later changes do not leak in). PUT-12: the parent is the put
   * config's checkpoint_id.
   */
  put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): RunnableConfig {
    const threadId = requireString(config.configurable?.thread_id, "thread_id");
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    this.checkpoints.set(keyOf(threadId, ns, checkpoint.id), {
      threadId,
      ns,
      checkpoint: structuredClone(checkpoint),
      metadata: structuredClone(metadata),
      parentId: config.configurable?.checkpoint_id as string | undefined,
    });
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } };
  }

  /**
   * The put command never puts an id that (thread, ns) already holds (an id deleted since may be
   * put again: DT-02 EXT). The one re-put the generators make is LangGraph's interrupt flow (put,
   * putWrites, put of the same checkpoint again: langgraphjs#1996, #2026), from putWrites' re-put
   * step: the same checkpoint and parent, new metadata. `put` above replaces the checkpoint and its
   * metadata and keeps its writes, as MemorySaver, SqliteSaver and PostgresSaver do.
   */
  isDefinedPut(threadId: string, ns: string, checkpointId: string): boolean {
    return !this.checkpoints.has(keyOf(threadId, ns, checkpointId));
  }

  /**
   * PW-01..PW-05, JS-03: each write is stored under (taskId, idx).
   * - JS-03a: a regular write at an existing (taskId, idx) is ignored (first writer wins).
   * - JS-03b: a call made only of special channels overwrites (last writer wins).
   * - JS-01: taskPath is kept ("" when absent) for ordering.
   * Writes are keyed by the checkpoint's coordinates, not attached to a stored checkpoint:
   * a write that arrives before its checkpoint's put is shown once that put happens
   * (what MemorySaver, SqliteSaver and PostgresSaver do, and what DT-02's re-put check relies on).
   */
  putWrites(config: RunnableConfig, writes: readonly PendingWrite[], taskId: string, taskPath?: string): void {
    const key = this.writeTargetKey(config);
    const stored = this.writes.get(key) ?? new Map<string, ModelWrite>();
    const before = new Set(stored.keys());
    writes.forEach(([channel, value], position) => {
      const idx = isSpecialChannel(channel) ? WRITES_IDX_MAP[channel] : position;
      const writeKey = writeKeyOf(taskId, idx);
      if (idx >= 0 && before.has(writeKey)) return; // JS-03a
      stored.set(writeKey, { taskId, taskPath: taskPath ?? "", idx, channel, value: structuredClone(value) });
    });
    this.writes.set(key, stored);
  }

  /**
   * JS-03c (ADV): a special channel inside a mixed call is implementation-defined when that
   * (taskId, idx) already exists, or when the call repeats it. Every other call is defined.
   */
  isDefinedWrite(config: RunnableConfig, writes: readonly PendingWrite[], taskId: string): boolean {
    const channels = writes.map(([channel]) => channel);
    const specials = channels.filter(isSpecialChannel);
    if (new Set(specials).size !== specials.length) return false;
    if (specials.length === 0 || specials.length === channels.length) return true;
    const stored = this.writes.get(this.writeTargetKey(config));
    return specials.every((channel) => !stored?.has(writeKeyOf(taskId, WRITES_IDX_MAP[channel])));
  }

  private writeTargetKey(config: RunnableConfig): string {
    // JS-05: thread_id and checkpoint_id are required; JS-07: the generators always pass checkpoint_ns.
    const threadId = requireString(config.configurable?.thread_id, "thread_id");
    const checkpointId = requireString(config.configurable?.checkpoint_id, "checkpoint_id");
    return keyOf(threadId, (config.configurable?.checkpoint_ns as string | undefined) ?? "", checkpointId);
  }

  // ---- reads ----------------------------------------------------------------------------------

  /**
   * - JS-06: no thread_id resolves to undefined.
   * - PUT-09, JS-07: an absent checkpoint_ns means "".
   * - GT-03, GT-10: with a checkpoint_id, exactly that checkpoint or undefined (no fallback).
   * - GT-02: without one, the greatest checkpoint_id of (thread, ns), not the last put.
   * - GT-09: lookups never leave the namespace.
   */
  getTuple(config: RunnableConfig, order: WriteOrder = "task-path"): CheckpointTuple | undefined {
    const threadId = config.configurable?.thread_id as string | undefined;
    if (threadId === undefined) return undefined;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    const checkpointId = config.configurable?.checkpoint_id as string | undefined;
    if (checkpointId !== undefined) {
      const stored = this.checkpoints.get(keyOf(threadId, ns, checkpointId));
      return stored && this.tupleOf(stored, order);
    }
    const latest = this.checkpointIds(threadId, ns).at(-1);
    return latest === undefined ? undefined : this.tupleOf(this.checkpoints.get(keyOf(threadId, ns, latest))!, order);
  }

  /**
   * - LS-14: no thread_id lists every thread; LS-15: no checkpoint_ns lists every namespace.
   * - LS-03: an explicit "" is the root namespace only.
   * - LS-10: `before` keeps ids strictly less than its checkpoint_id (compared as strings);
   *   its thread and namespace are ignored; without a checkpoint_id it restricts nothing.
   * - LS-05..LS-09, LS-16: every filter key must equal the metadata's top-level value
   *   (strict equality; generators use scalar filter values only, LS-16's nested case is ADV).
   * - LS-04: newest first within a namespace; LS-11: the limit counts yielded tuples, after
   *   every predicate (generators use limit >= 1: limit <= 0 is unspecified).
   * - LS-13, LS-17: each tuple is what getTuple returns for it, pending writes included.
   */
  list(config: RunnableConfig, options: ListOptions = {}, order: WriteOrder = "task-path"): ListExpectation {
    const threadId = config.configurable?.thread_id as string | undefined;
    const ns = config.configurable?.checkpoint_ns as string | undefined;
    const beforeId = options.before?.configurable?.checkpoint_id as string | undefined;
    const filter = options.filter ?? {};
    const matches = [...this.checkpoints.values()]
      .filter((c) => threadId === undefined || c.threadId === threadId)
      .filter((c) => ns === undefined || c.ns === ns)
      .filter((c) => beforeId === undefined || c.checkpoint.id < beforeId)
      .filter((c) => Object.entries(filter).every(([k, v]) => (c.metadata as Record<string, unknown>)[k] === v))
      .sort(byThreadNsThenNewest);
    const count = options.limit === undefined ? matches.length : Math.min(options.limit, matches.length);
    const tuples = (stored: readonly ModelCheckpoint[]) => stored.map((c) => this.tupleOf(c, order));
    if (threadId !== undefined && ns !== undefined) return { ordered: true, tuples: tuples(matches.slice(0, count)) };
    return { ordered: false, candidates: tuples(matches), count };
  }

  /**
   * GT-04, GT-07, GT-08, PW-10: config of 3 keys, full parent config, own writes in JS-02 order.
   * The tuple shares the model's stored copies (made at put and putWrites): an expectation is
   * only compared with the saver's answer, never handed to the saver or changed, and copying
   * every stored value on every read was a tenth of a default run's time.
   */
  private tupleOf(stored: ModelCheckpoint, order: WriteOrder): CheckpointTuple {
    const { threadId, ns, checkpoint, metadata, parentId } = stored;
    const tuple: CheckpointTuple = {
      config: { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } },
      checkpoint,
      metadata,
      pendingWrites: this.orderedWrites(keyOf(threadId, ns, checkpoint.id), order).map(
        (w): CheckpointPendingWrite => [w.taskId, w.channel, w.value],
      ),
    };
    if (parentId !== undefined) {
      tuple.parentConfig = { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: parentId } };
    }
    return tuple;
  }

  /**
   * JS-02: writesSortKey(taskPath, taskId, idx), compared with compareWritesSortKeys (code
   * points). The "task-id" order is that of a saver declared to ignore taskPath.
   */
  private orderedWrites(key: string, order: WriteOrder): ModelWrite[] {
    const pathOf = (w: ModelWrite) => (order === "task-path" ? w.taskPath : "");
    return [...(this.writes.get(key)?.values() ?? [])].sort((a, b) =>
      compareWritesSortKeys(writesSortKey(pathOf(a), a.taskId, a.idx), writesSortKey(pathOf(b), b.taskId, b.idx)),
    );
  }

  // ---- deletes and copies (DT always; DFR, CT, PR when the saver has them) ----------------------

  /** DT-01..DT-03: every checkpoint and write of the thread, in every namespace. DT-04: nothing else. DT-05: unknown is a no-op. */
  deleteThread(threadId: string): void {
    for (const [key, c] of this.checkpoints) if (c.threadId === threadId) this.checkpoints.delete(key);
    for (const key of this.writes.keys()) if (parseKey(key).threadId === threadId) this.writes.delete(key);
  }

  /**
   * DFR-01..DFR-08: every checkpoint whose metadata.run_id (a string) is listed, in every thread
   * and namespace, with the writes stored against it. Nothing else: a surviving child keeps its
   * (now dangling) parentConfig. DFR-05/06: empty or unknown run ids change nothing.
   */
  deleteForRuns(runIds: readonly string[]): void {
    for (const [key, c] of this.checkpoints) {
      const runId = (c.metadata as Record<string, unknown>).run_id;
      if (typeof runId === "string" && runIds.includes(runId)) {
        this.checkpoints.delete(key);
        this.writes.delete(key);
      }
    }
  }

  /**
   * CT-01..CT-07, CT-09: every checkpoint of the source, in every namespace, under the same id,
   * with its metadata, its parent id (now in the target thread) and its writes; the source is
   * unchanged. CT-08: an unknown source copies nothing. A target that already holds data is
   * unspecified, and so are writes stored against no checkpoint (see `isDefinedCopy`).
   */
  copyThread(sourceThreadId: string, targetThreadId: string): void {
    for (const c of [...this.checkpoints.values()]) {
      if (c.threadId !== sourceThreadId) continue;
      this.checkpoints.set(keyOf(targetThreadId, c.ns, c.checkpoint.id), { ...structuredClone(c), threadId: targetThreadId });
      const writes = this.writes.get(keyOf(sourceThreadId, c.ns, c.checkpoint.id));
      if (writes) this.writes.set(keyOf(targetThreadId, c.ns, c.checkpoint.id), structuredClone(writes));
    }
  }

  isDefinedCopy(sourceThreadId: string, targetThreadId: string): boolean {
    return sourceThreadId !== targetThreadId && this.isThreadEmpty(targetThreadId) && this.orphanWriteCount(sourceThreadId) === 0;
  }

  /**
   * PR-01..PR-04: keep_latest (the default, PR-09) keeps the greatest checkpoint_id of each
   * (thread, namespace) and its writes, and deletes the rest. PR-05: "delete" removes the
   * threads. PR-06..PR-08: other threads untouched; empty or unknown lists are no-ops.
   * Writes stored against no checkpoint are unspecified (see `isDefinedPrune`).
   */
  prune(threadIds: readonly string[], strategy: PruneStrategy = "keep_latest"): void {
    for (const threadId of threadIds) {
      if (strategy === "delete") {
        this.deleteThread(threadId);
        continue;
      }
      for (const ns of this.namespaces(threadId)) {
        for (const id of this.checkpointIds(threadId, ns).slice(0, -1)) {
          this.checkpoints.delete(keyOf(threadId, ns, id));
          this.writes.delete(keyOf(threadId, ns, id));
        }
      }
    }
  }

  isDefinedPrune(threadIds: readonly string[]): boolean {
    return threadIds.every((t) => this.orphanWriteCount(t) === 0);
  }

  /**
   * DCH-01..DCH-12 (getDeltaChannelHistory). The target is resolved like getTuple (DCH-12; a
   * missing one gives `{ writes: [] }` per channel). The walk starts at the target's parent and
   * follows parent ids within the namespace (DCH-11). At each ancestor, each open channel first
   * takes that ancestor's writes to it (in JS-02 order; DCH-08: the seed ancestor's own writes
   * too), then closes with a seed when the ancestor's channel_values has the channel (DCH-02,
   * DCH-07). Writes come out oldest ancestor first (DCH-01); a channel that reached the root
   * has no seed key (DCH-06); `channels: []` gives {} (DCH-05).
   */
  deltaChannelHistory(
    config: RunnableConfig,
    channels: readonly string[],
    order: WriteOrder = "task-path",
  ): Record<string, { writes: CheckpointPendingWrite[]; seed?: unknown }> {
    if (channels.length === 0) return {};
    const target = this.getTuple(config);
    const threadId = config.configurable?.thread_id as string;
    const ns = (config.configurable?.checkpoint_ns as string | undefined) ?? "";
    const collected = new Map(channels.map((ch) => [ch, [] as CheckpointPendingWrite[][]]));
    const seeds = new Map<string, unknown>();
    const open = new Set(channels);
    for (const ancestor of target ? this.ancestors(threadId, ns, target.checkpoint.id) : []) {
      if (open.size === 0) break;
      const writes = this.orderedWrites(keyOf(threadId, ns, ancestor.checkpoint.id), order);
      for (const ch of open) {
        collected.get(ch)!.unshift(writes.filter((w) => w.channel === ch).map((w) => [w.taskId, w.channel, structuredClone(w.value)]));
        if (Object.hasOwn(ancestor.checkpoint.channel_values, ch)) seeds.set(ch, ancestor.checkpoint.channel_values[ch]);
      }
      for (const ch of seeds.keys()) open.delete(ch);
    }
    return Object.fromEntries(
      channels.map((ch) => [ch, { writes: collected.get(ch)!.flat(), ...(seeds.has(ch) ? { seed: structuredClone(seeds.get(ch)) } : {}) }]),
    );
  }

  /** The stored ancestors of a checkpoint, nearest first; throws when the parent chain loops (LangGraph never makes one). */
  private ancestors(threadId: string, ns: string, checkpointId: string): ModelCheckpoint[] {
    const chain: ModelCheckpoint[] = [];
    const visited = new Set([checkpointId]);
    let parentId = this.checkpoints.get(keyOf(threadId, ns, checkpointId))?.parentId;
    while (parentId !== undefined) {
      const parent = this.checkpoints.get(keyOf(threadId, ns, parentId));
      if (!parent) break;
      if (visited.has(parentId)) throw new Error("reference model: the parent chain loops");
      visited.add(parentId);
      chain.push(parent);
      parentId = parent.parentId;
    }
    return chain;
  }

  /** Whether the chain above (thread, ns, id) is finite (a loop makes history walks unspecified). */
  hasFiniteAncestry(threadId: string, ns: string, checkpointId: string | undefined): boolean {
    const id = checkpointId ?? this.checkpointIds(threadId, ns).at(-1);
    if (id === undefined) return true;
    try {
      this.ancestors(threadId, ns, id);
      return true;
    } catch {
      return false;
    }
  }

  // ---- what the generators may ask -------------------------------------------------------------

  /** Checkpoint ids of (thread, ns), ascending. */
  checkpointIds(threadId: string, ns: string): string[] {
    return [...this.checkpoints.values()]
      .filter((c) => c.threadId === threadId && c.ns === ns)
      .map((c) => c.checkpoint.id)
      .sort();
  }

  /** A stored checkpoint with its metadata and parent id (copies), or undefined: what a re-put sends again. */
  storedRecord(
    threadId: string,
    ns: string,
    checkpointId: string,
  ): { checkpoint: Checkpoint; metadata: CheckpointMetadata; parentId: string | undefined } | undefined {
    const stored = this.checkpoints.get(keyOf(threadId, ns, checkpointId));
    return (
      stored && { checkpoint: structuredClone(stored.checkpoint), metadata: structuredClone(stored.metadata), parentId: stored.parentId }
    );
  }

  /** A stored checkpoint, or undefined. */
  storedCheckpoint(threadId: string, ns: string, checkpointId: string): Checkpoint | undefined {
    return this.checkpoints.get(keyOf(threadId, ns, checkpointId))?.checkpoint;
  }

  /** Every stored checkpoint's coordinates (for picking `before`, parents and targets). */
  allCoordinates(): { threadId: string; ns: string; checkpointId: string }[] {
    return [...this.checkpoints.keys()].map(parseKey);
  }

  /** Every metadata value stored under a key (so filters can match). */
  metadataValues(key: string): unknown[] {
    return [...this.checkpoints.values()].map((c) => (c.metadata as Record<string, unknown>)[key]).filter((v) => v !== undefined);
  }

  namespaces(threadId: string): string[] {
    return [...new Set([...this.checkpoints.values()].filter((c) => c.threadId === threadId).map((c) => c.ns))].sort();
  }

  isThreadEmpty(threadId: string): boolean {
    return this.namespaces(threadId).length === 0 && ![...this.writes.keys()].some((k) => parseKey(k).threadId === threadId);
  }

  /** Writes of the thread stored against no checkpoint (put before their checkpoint). */
  orphanWriteCount(threadId: string): number {
    return [...this.writes.keys()].filter((k) => parseKey(k).threadId === threadId && !this.checkpoints.has(k)).length;
  }
}

function byThreadNsThenNewest(a: ModelCheckpoint, b: ModelCheckpoint): number {
  if (a.threadId !== b.threadId) return a.threadId < b.threadId ? -1 : 1;
  if (a.ns !== b.ns) return a.ns < b.ns ? -1 : 1;
  return a.checkpoint.id < b.checkpoint.id ? 1 : a.checkpoint.id > b.checkpoint.id ? -1 : 0;
}

function requireString(value: unknown, name: string): string {
  if (typeof value !== "string") throw new Error(`reference model: ${name} must be a string, got ${String(value)}`);
  return value;
}
