import fc from "fast-check";
import {
  DeltaSnapshot,
  type ChannelVersions,
  type Checkpoint,
  type CheckpointMetadata,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  TASK_PATHS,
  ID_SEEDS,
  checkpointIdOf,
  jsonValue,
  metadataArb,
  nsOf,
  taskIdArb,
  threadOf,
  timestampOf,
  type Pools,
} from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { checkDeltaHistory } from "./delta-history.js";

/** The delta channel: absent from channel_values except where a step stores a snapshot or a plain (pre-delta) value. */
export const DELTA_CHANNEL = "ch";

interface TaskWrite {
  taskId: string;
  taskPath: string | undefined;
  channel: string;
  value: unknown;
}

interface DeltaStepArgs {
  threadId: string;
  ns: string;
  /** The checkpoint the step runs from: the latest of (thread, ns), or a stored one (a fork). */
  from: { kind: "latest" } | { kind: "fork"; index: number };
  /** The step's tasks, each writing once, in the order they finish (not their sort order). */
  tasks: TaskWrite[];
  /** What the next checkpoint stores for the delta channel. */
  stored: { kind: "nothing" } | { kind: "snapshot"; value: unknown } | { kind: "plain"; value: unknown };
  metadata: Record<string, unknown>;
}

const WRITE_IDS = ["PW-01", "JS-01", "JS-03"] as const;
const PUT_IDS = ["PUT-01", "PUT-12", "PUT-13"] as const;

/**
 * One superstep of a graph with a delta channel, as LangGraph runs it: the
 * tasks' writes go to the checkpoint the step ran from, then the next
 * checkpoint is put as its child. That checkpoint stores nothing for the delta
 * channel, except on snapshot steps (a DeltaSnapshot) or where a channel was
 * migrated from a plain value; other channels are carried over. Repeated steps
 * build the dense parent chains (with forks) that getDeltaChannelHistory walks,
 * and each step ends as the next one begins: reading the new checkpoint's history.
 * Generated only when the saver runs getDeltaChannelHistory.
 */
export class DeltaStepCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: DeltaStepArgs) {}

  check(m: Readonly<ModelState>): boolean {
    return this.plan(m) !== undefined;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { parentId, childSeed } = this.plan(m)!;
    const { threadId, ns } = this.args;
    const config: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: parentId } };
    for (const { taskId, taskPath, channel, value } of this.args.tasks) {
      const writes: PendingWrite[] = [[channel, structuredClone(value)]];
      m.env.record(
        `await saver.putWrites(${ts(config)}, ${ts(writes)}, ${ts(taskId)}${taskPath === undefined ? "" : `, ${ts(taskPath)}`});`,
      );
      m.model.putWrites(config, writes, taskId, taskPath);
      await m.env.call("putWrites()", WRITE_IDS, () =>
        taskPath === undefined ? r.saver.putWrites(config, writes, taskId) : r.saver.putWrites(config, writes, taskId, taskPath),
      );
    }
    const { checkpoint, newVersions } = this.child(m, m.model.storedCheckpoint(threadId, ns, parentId)!, childSeed);
    const metadata = structuredClone(this.args.metadata) as CheckpointMetadata;
    m.env.record(`await saver.put(${ts(config)}, ${ts(checkpoint)}, ${ts(metadata)}, ${ts(newVersions)});`);
    m.model.put(config, checkpoint, metadata);
    await m.env.call("put()", PUT_IDS, () => r.saver.put(config, checkpoint, metadata, newVersions));
    // The next step starts by rebuilding the delta channel from the new checkpoint's history.
    await checkDeltaHistory(m, r, { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpoint.id } }, [
      DELTA_CHANNEL,
      "messages",
    ]);
  }

  /** The parent and a free child id above it (ids grow along a chain, as uuid6 ids do). */
  private plan(m: Readonly<ModelState>): { parentId: string; childSeed: number } | undefined {
    const { threadId, ns } = this.args;
    const stored = m.model.checkpointIds(threadId, ns);
    if (stored.length === 0) return undefined;
    const from = this.args.from;
    const parentId = from.kind === "latest" ? stored.at(-1)! : stored[from.index % stored.length];
    for (let childSeed = 1; childSeed <= ID_SEEDS; childSeed++) {
      const childId = checkpointIdOf(childSeed);
      if (childId > parentId && m.model.isDefinedPut(threadId, ns, childId)) return { parentId, childSeed };
    }
    return undefined;
  }

  private child(m: ModelState, parent: Checkpoint, seed: number): { checkpoint: Checkpoint; newVersions: ChannelVersions } {
    const values = { ...parent.channel_values };
    const versions = { ...parent.channel_versions };
    delete values[DELTA_CHANNEL];
    delete versions[DELTA_CHANNEL];
    const newVersions: ChannelVersions = {};
    const stored = this.args.stored;
    if (stored.kind !== "nothing") {
      values[DELTA_CHANNEL] = stored.kind === "snapshot" ? new DeltaSnapshot(structuredClone(stored.value)) : structuredClone(stored.value);
      versions[DELTA_CHANNEL] = newVersions[DELTA_CHANNEL] = m.env.nextVersion();
    }
    return {
      checkpoint: {
        v: 4,
        id: checkpointIdOf(seed),
        ts: timestampOf(seed),
        channel_values: values,
        channel_versions: versions,
        versions_seen: {},
      },
      newVersions,
    };
  }

  toString(): string {
    const { threadId, ns, from, tasks, stored } = this.args;
    const base = from.kind === "latest" ? "latest" : `fork#${from.index}`;
    return `step(${JSON.stringify(threadId)}, ${JSON.stringify(ns)}, from ${base}, ${tasks.length} writes, ${stored.kind})`;
  }
}

const taskWrite: fc.Arbitrary<TaskWrite> = fc.record({
  taskId: taskIdArb,
  taskPath: fc.constantFrom(...TASK_PATHS),
  channel: fc.constantFrom(DELTA_CHANNEL, DELTA_CHANNEL, "messages"),
  value: jsonValue,
});

/** A seed's value; often an empty string or list, which is a seed, not an absent value (VAL-16: Oracle stores "" as NULL). */
const seedValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: jsonValue },
  { weight: 1, arbitrary: fc.constantFrom<unknown>("", []) },
);

export const deltaStepCommand = (pools: Pools): fc.Arbitrary<DeltaStepCommand> =>
  fc
    .record({
      threadId: threadOf(pools),
      ns: nsOf(pools),
      from: fc.oneof(
        { weight: 4, arbitrary: fc.constant({ kind: "latest" as const }) },
        fc.record({ kind: fc.constant("fork" as const), index: fc.nat(8) }),
      ),
      // One write per task: a task's later write at the same idx would be ignored (JS-03a), which is not what a step does.
      tasks: fc.uniqueArray(taskWrite, { minLength: 0, maxLength: 3, selector: (t) => t.taskId }),
      stored: fc.oneof(
        { weight: 3, arbitrary: fc.constant({ kind: "nothing" as const }) },
        { weight: 2, arbitrary: fc.record({ kind: fc.constant("snapshot" as const), value: seedValue }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("plain" as const), value: seedValue }) },
      ),
      metadata: metadataArb(pools),
    })
    .map((args) => new DeltaStepCommand(args));
