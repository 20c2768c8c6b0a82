import { DeltaSnapshot, isDeltaSnapshot, type DeltaChannelHistory } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError, expectDefined, expectEqual, expectNoOwnKey, expectTrue } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { buildDeltaChain, putChain } from "./delta-fixtures.js";
import { NAMESPACES, nsLabel } from "./extended-helpers.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

type History = Record<string, DeltaChannelHistory>;

function history(ctx: SpecContext, config: RunnableConfig, channels: string[]): Promise<History> {
  return ctx.saver.getDeltaChannelHistory({ config, channels });
}

function entry(result: History, channel: string, where: string): DeltaChannelHistory {
  const found = result?.[channel];
  expectDefined(found, `${where}: the result must have an entry for every requested channel, here "${channel}"`);
  if (!Array.isArray(found.writes)) {
    throw new ConformanceError(`${where}: result.${channel}.writes must be an array of [taskId, channel, value]`, {
      expected: "an array",
      actual: found.writes,
    });
  }
  return found;
}

/** The values of a channel's writes, oldest first as returned. */
function writeValues(result: History, channel: string, where: string): unknown[] {
  return entry(result, channel, where).writes.map((w) => w[2]);
}

function expectSeedPresent(result: History, channel: string, where: string): unknown {
  const found = entry(result, channel, where);
  expectTrue(
    Object.hasOwn(found, "seed"),
    `${where}: result.${channel} must have a seed (the value stored at the nearest ancestor that has one)`,
    [`got: ${JSON.stringify(Object.keys(found))} keys`],
  );
  return found.seed;
}

function expectSnapshotSeed(result: History, channel: string, value: unknown, where: string): void {
  const seed = expectSeedPresent(result, channel, where);
  if (!isDeltaSnapshot(seed)) {
    throw new ConformanceError(
      `${where}: the seed of "${channel}" must read back as a DeltaSnapshot (isDeltaSnapshot(seed), lg_name "DeltaSnapshot"), as stored`,
      {
        expected: new DeltaSnapshot(value),
        actual: seed,
      },
    );
  }
  expectEqual(seed.value, value, `${where}: the seed of "${channel}" must be the snapshot of the nearest ancestor that stored one`);
}

/** Runs a check in the root and in a child namespace; clauses name the namespace. */
function inEveryNamespace(check: (ctx: SpecContext, ns: string, where: string) => Promise<void>): (ctx: SpecContext) => Promise<void> {
  return async (ctx) => {
    for (const ns of NAMESPACES) await check(ctx, ns, nsLabel(ns));
  };
}

const tests: SpecTest[] = [
  {
    name: "test_history_returns_writes_oldest_first",
    ids: ["DCH-01"],
    description: "snapshot at step 0, writes at 1..4, head 4: the writes come back [1, 2, 3], oldest first",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const chain = await buildDeltaChain(ctx.saver, {
        threadId: ctx.threadId(),
        checkpointNs: ns,
        channel: "ch",
        snapshotsAtSteps: [0],
        totalSteps: 5,
      });
      const result = await history(ctx, chain[4], ["ch"]);
      expectEqual(
        writeValues(result, "ch", where),
        [1, 2, 3],
        `${where}: writes must be the on-path ancestors' writes, oldest to newest, without the head's own`,
      );
      expectSnapshotSeed(result, "ch", 0, where);
    }),
  },
  {
    name: "test_history_seed_is_nearest_snapshot",
    ids: ["DCH-02"],
    description: "snapshots at 0 and 3, head 5: the seed is DeltaSnapshot(3) and the writes are [4]",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const chain = await buildDeltaChain(ctx.saver, {
        threadId: ctx.threadId(),
        checkpointNs: ns,
        channel: "ch",
        snapshotsAtSteps: [0, 3],
        totalSteps: 6,
      });
      const result = await history(ctx, chain[5], ["ch"]);
      expectSnapshotSeed(result, "ch", 3, where);
      expectEqual(
        writeValues(result, "ch", where),
        [4],
        `${where}: the walk must stop at the nearest snapshot (step 3): only step 4's write comes back`,
      );
    }),
  },
  {
    name: "test_history_excludes_target_pending_writes",
    ids: ["DCH-03"],
    description: "a write stored on the target checkpoint itself is not in its history",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const chain = await buildDeltaChain(ctx.saver, {
        threadId: ctx.threadId(),
        checkpointNs: ns,
        channel: "ch",
        snapshotsAtSteps: [0],
        totalSteps: 3,
      });
      const head = chain[2];
      await ctx.saver.putWrites(head, [["ch", "extra"]], "task-extra");
      const values = writeValues(await history(ctx, head, ["ch"]), "ch", where);
      expectTrue(!values.includes("extra"), `${where}: the target's own pending writes are for the next step and must be excluded`, [
        `writes: ${JSON.stringify(values)}`,
      ]);
      expectEqual(values, [1], `${where}: only the ancestors' writes come back`);
    }),
  },
  {
    name: "test_history_multi_channel",
    ids: ["DCH-04", "DCH-08"],
    description: "channel a (snapshot at 1) and b (snapshot at 3) stop on their own: a [1, 2, 3], b [3]",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const steps = [0, 1, 2, 3, 4].map((step) => ({
        values: step === 1 ? { a: new DeltaSnapshot("snap_a") } : step === 3 ? { b: new DeltaSnapshot("snap_b") } : {},
        writes: [
          ["a", step],
          ["b", step],
        ] as [string, unknown][],
      }));
      const chain = await putChain(ctx.saver, ctx.threadId(), ns, steps);
      const result = await history(ctx, chain[4], ["a", "b"]);
      expectEqual(
        writeValues(result, "a", where),
        [1, 2, 3],
        `${where}: channel a stops at its snapshot (step 1), whose own writes are replayed`,
      );
      expectEqual(writeValues(result, "b", where), [3], `${where}: channel b stops at its own snapshot (step 3), independently of a`);
      expectSnapshotSeed(result, "a", "snap_a", where);
      expectSnapshotSeed(result, "b", "snap_b", where);
    }),
  },
  {
    name: "test_history_empty_channels_returns_empty",
    ids: ["DCH-05"],
    description: "channels: [] gives {}",
    run: inEveryNamespace(async (ctx, ns, where) => {
      const chain = await buildDeltaChain(ctx.saver, {
        threadId: ctx.threadId(),
        checkpointNs: ns,
        channel: "ch",
        snapshotsAtSteps: [0],
        totalSteps: 3,
      });
      expectEqual(
        await history(ctx, chain[2], []),
        {},
        `${where}: getDeltaChannelHistory({config, channels: []}) must return an empty object`,
      );
    }),
  },
  {
    name: "test_history_walk_to_root_no_seed",
    ids: ["DCH-06"],
    description: "no ancestor stored the channel: no seed key, and every on-path write from the root",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const chain = await buildDeltaChain(ctx.saver, {
        threadId: ctx.threadId(),
        checkpointNs: ns,
        channel: "ch",
        snapshotsAtSteps: [],
        totalSteps: 4,
      });
      const result = await history(ctx, chain[3], ["ch"]);
      expectNoOwnKey(
        entry(result, "ch", where),
        "seed",
        `${where}: when the walk reaches the root without a stored value, the entry must have no "seed" key at all (not even seed: undefined)`,
      );
      expectEqual(writeValues(result, "ch", where), [0, 1, 2], `${where}: every on-path write from the root must come back, oldest first`);
    }),
  },
  {
    name: "test_history_migration_plain_value_as_seed",
    ids: ["DCH-07"],
    description: "a plain stored value (pre-delta migration) is the seed as is, not a DeltaSnapshot",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const steps = [0, 1, 2, 3].map((step) =>
        step === 1 ? { values: { ch: [10, 20, 30] } } : { writes: [["ch", step]] as [string, unknown][] },
      );
      const chain = await putChain(ctx.saver, ctx.threadId(), ns, steps);
      const result = await history(ctx, chain[3], ["ch"]);
      const seed = expectSeedPresent(result, "ch", where);
      expectTrue(
        !isDeltaSnapshot(seed),
        `${where}: a plain stored value must come back as the plain value, not wrapped in a DeltaSnapshot`,
        [`seed: ${JSON.stringify(seed)}`],
      );
      expectEqual(seed, [10, 20, 30], `${where}: any stored value (own key in channel_values) ends the walk and is the seed`);
      expectEqual(writeValues(result, "ch", where), [2], `${where}: only the writes between the seed and the head come back`);
    }),
  },
  {
    name: "test_history_seed_ancestor_own_writes_are_replayed",
    ids: ["DCH-08"],
    description: "the writes stored at the seed ancestor are replayed; older ones are not",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const labels = ["older-than-seed", "at-seed", "after-seed", "pending-at-head"];
      const values: Record<number, unknown[]> = { 0: [10], 1: [10, 20] };
      const steps = labels.map((label, step) => ({
        values: values[step] ? { ch: values[step] } : {},
        writes: [["ch", label]] as [string, unknown][],
      }));
      const chain = await putChain(ctx.saver, ctx.threadId(), ns, steps);
      const result = await history(ctx, chain[3], ["ch"]);
      expectEqual(expectSeedPresent(result, "ch", where), [10, 20], `${where}: the seed is the nearest stored value (step 1)`);
      expectEqual(
        writeValues(result, "ch", where),
        ["at-seed", "after-seed"],
        `${where}: a stored value is the state entering its checkpoint, so the seed ancestor's own writes must be replayed (and nothing older, nor the head's)`,
      );
    }),
  },
  {
    name: "test_history_orders_writes_within_a_checkpoint",
    ids: ["DCH-09", "JS-02"],
    methods: ["IM-deltaHistory-walk"],
    description: "two tasks' writes on one checkpoint come back in task-id order, not insertion order",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const [c0, c1] = await putChain(ctx.saver, ctx.threadId(), ns, [{ values: { ch: new DeltaSnapshot([]) } }, {}]);
      await ctx.saver.putWrites(c0, [["ch", ["b"]]], "task-b");
      await ctx.saver.putWrites(c0, [["ch", ["a"]]], "task-a");
      const writes = entry(await history(ctx, c1, ["ch"]), "ch", where).writes;
      expectEqual(
        writes.map((w) => [w[0], w[2]]),
        [
          ["task-a", ["a"]],
          ["task-b", ["b"]],
        ],
        `${where}: writes of one checkpoint must come back in writesSortKey order (taskPath, taskId, idx), here task-a before task-b, whatever order they were stored in`,
      );
    }),
  },
  {
    name: "test_history_orders_writes_by_task_path",
    ids: ["DCH-09", "JS-02"],
    methods: ["IM-deltaHistory-walk"],
    description: "parallel tasks' writes on one checkpoint come back in task-path order, before task-id order",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const [c0, c1] = await putChain(ctx.saver, ctx.threadId(), ns, [{ values: { ch: new DeltaSnapshot([]) } }, {}]);
      await ctx.saver.putWrites(c0, [["ch", ["from-a"]]], "task-a", "~__pregel_pull, zz");
      await ctx.saver.putWrites(c0, [["ch", ["from-b"]]], "task-b", "~__pregel_pull, aa");
      const writes = entry(await history(ctx, c1, ["ch"]), "ch", where).writes;
      expectEqual(
        writes.map((w) => [w[0], w[2]]),
        [
          ["task-b", ["from-b"]],
          ["task-a", ["from-a"]],
        ],
        `${where}: writes of one checkpoint must come back in writesSortKey order, task path first: task-b (path "~__pregel_pull, aa") before task-a (path "~__pregel_pull, zz"); a DeltaChannel rebuilt in task-id order differs from what the run produced`,
      );
    }),
  },
  {
    name: "test_history_result_shape",
    ids: ["DCH-10"],
    description: "one entry per requested channel (a never-written one is {writes: []}), writes filtered to it",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const steps = [
        {
          values: { ch: new DeltaSnapshot([0]) },
          writes: [
            ["ch", 1],
            ["other", "x"],
          ] as [string, unknown][],
          taskId: "task-0",
        },
        {},
      ];
      const chain = await putChain(ctx.saver, ctx.threadId(), ns, steps);
      const result = await history(ctx, chain[1], ["ch", "z"]);
      expectEqual(
        Object.keys(result ?? {}).sort(),
        ["ch", "z"],
        `${where}: the result must have exactly one entry per requested channel (never-written ones included, unrequested ones excluded)`,
      );
      expectEqual(
        result.ch.writes,
        [["task-0", "ch", 1]],
        `${where}: writes must be [taskId, channel, value] triples of that channel only`,
      );
      const z = entry(result, "z", where);
      expectEqual(z.writes, [], `${where}: a channel never written has writes []`);
      expectNoOwnKey(z, "seed", `${where}: a channel never stored has no seed key`);
    }),
  },
  {
    name: "test_history_follows_parent_chain_on_forks",
    ids: ["DCH-11"],
    methods: ["IM-deltaHistory-walk"],
    description: "on a fork, only ancestors on the target's parent path contribute (not list(before))",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const threadId = ctx.threadId();
      const [c0, branchA] = await putChain(ctx.saver, threadId, ns, [
        { values: { ch: new DeltaSnapshot([0]) }, writes: [["ch", [1]]] },
        { writes: [["ch", ["A"]]] },
      ]);
      const c0Id = c0.configurable?.checkpoint_id as string;
      const branchB = await ctx.saver.put(generateConfig(threadId, ns, c0Id), generateCheckpoint(), generateMetadata("fork", 1), {});
      await ctx.saver.putWrites(branchB, [["ch", ["B"]]], "task-b");
      const headA = await ctx.saver.put(
        generateConfig(threadId, ns, branchA.configurable?.checkpoint_id),
        generateCheckpoint(),
        generateMetadata("loop", 2),
        {},
      );
      const result = await history(ctx, headA, ["ch"]);
      expectEqual(
        writeValues(result, "ch", where),
        [[1], ["A"]],
        `${where}: the walk must follow parentConfig (headA -> branch A -> c0); branch B, a sibling put later, must not contribute`,
      );
      expectSnapshotSeed(result, "ch", [0], where);
    }),
  },
  {
    name: "test_history_target_resolved_like_get_tuple",
    ids: ["DCH-12"],
    description: "no checkpoint_id means the latest checkpoint; an unknown target gives {writes: []} without a seed",
    needsHistory: true,
    run: inEveryNamespace(async (ctx, ns, where) => {
      const threadId = ctx.threadId();
      const chain = await buildDeltaChain(ctx.saver, { threadId, checkpointNs: ns, channel: "ch", snapshotsAtSteps: [0], totalSteps: 4 });
      const latest = await history(ctx, generateConfig(threadId, ns), ["ch"]);
      expectEqual(
        latest,
        await history(ctx, chain[3], ["ch"]),
        `${where}: a config without checkpoint_id must target the latest checkpoint (as getTuple does)`,
      );
      expectEqual(writeValues(latest, "ch", where), [1, 2], `${where}: the history of the latest checkpoint`);
      const missing = await history(ctx, generateConfig(ctx.threadId("missing"), ns), ["ch"]);
      expectEqual(
        missing,
        { ch: { writes: [] } },
        `${where}: a target that does not exist must give {writes: []} and no seed for every channel, without throwing`,
      );
      expectNoOwnKey(missing.ch, "seed", `${where}: no seed key for a target that does not exist`);
    }),
  },
];

export const deltaChannelHistorySpec: CapabilitySpec = { capability: "delta_channel_history", tests };
