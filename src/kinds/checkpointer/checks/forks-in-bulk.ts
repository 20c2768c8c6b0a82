import { DeltaSnapshot, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectEqual } from "../../../assert.js";
import { asExtendedSaver } from "../extended-saver.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import { threadSnapshot } from "./extended-helpers.js";
import { idsOf, listAll } from "./helpers.js";
import type { SpecTest } from "./types.js";

/**
 * ORD-16: forks in extended operations and history. Time travel (`updateState`
 * on an old checkpoint) leaves fork branches beside the head chain: a saver
 * that walks parent links from the latest checkpoint to copy or prune misses
 * them, and one that caches results by step cannot tell two forks apart.
 */

/** A → B → C, and D from B (a fork at C's step); ids ascend A..D, so D is the latest. Each holds its own value and one write. */
async function putForkedThread(saver: BaseCheckpointSaver, threadId: string): Promise<Record<"A" | "B" | "C" | "D", RunnableConfig>> {
  const shape = [
    ["A", undefined, 0],
    ["B", "A", 1],
    ["C", "B", 2],
    ["D", "B", 2],
  ] as const;
  const configs = {} as Record<"A" | "B" | "C" | "D", RunnableConfig>;
  for (const [name, parent, step] of shape) {
    const checkpoint = generateCheckpoint({ channelValues: { state: name }, channelVersions: { state: step + 1 } });
    const parentId = parent === undefined ? undefined : (configs[parent].configurable?.checkpoint_id as string);
    configs[name] = await saver.put(
      generateConfig(threadId, "", parentId),
      checkpoint,
      generateMetadata(name === "D" ? "update" : "loop", step),
      { state: step + 1 },
    );
    await saver.putWrites(configs[name], [["state", `write of ${name}`]], `task-${name}`);
  }
  return configs;
}

/** A thread's snapshots without the thread id, to compare a copy with its source. */
async function snapshotsWithoutThread(saver: BaseCheckpointSaver, threadId: string): Promise<Record<string, unknown>[]> {
  return (await threadSnapshot(saver, threadId)).map(({ thread_id: _, ...rest }) => rest);
}

const idOf = (config: RunnableConfig) => config.configurable?.checkpoint_id as string;

const copyThreadTests: SpecTest[] = [
  {
    name: "test_ord_copy_thread_copies_fork_branches",
    ids: ["ORD-16"],
    methods: ["IM-copyThread-what-is-copied"],
    needsHistory: true,
    requires: ["put_writes"],
    description:
      "copyThread of A → B → C plus a fork D from B copies all four, with their parents, values and writes (not only the latest's parent chain)",
    async run(ctx) {
      const source = ctx.threadId("fork-src");
      const target = ctx.threadId("fork-dst");
      const configs = await putForkedThread(ctx.saver, source);
      await asExtendedSaver(ctx.saver).copyThread(source, target);
      const copied = idsOf(await listAll(ctx.saver, generateConfig(target)));
      expectEqual(
        copied,
        [configs.D, configs.C, configs.B, configs.A].map(idOf),
        "copyThread must copy every checkpoint, the fork branch C (not on the latest checkpoint D's parent chain) included; listed D, C, B, A",
      );
      expectEqual(
        await snapshotsWithoutThread(ctx.saver, target),
        await snapshotsWithoutThread(ctx.saver, source),
        "every copy must keep its parent, values, metadata and writes",
      );
    },
  },
];

const pruneTests: SpecTest[] = [
  {
    name: "test_ord_prune_removes_fork_branches",
    ids: ["ORD-16"],
    methods: ["IM-prune-fork-branches"],
    needsHistory: true,
    requires: ["put_writes"],
    description: "prune keep_latest on A → B → C plus a fork D from B leaves only D, with its write (the branch C goes too)",
    async run(ctx) {
      const threadId = ctx.threadId("fork-prune");
      const configs = await putForkedThread(ctx.saver, threadId);
      await asExtendedSaver(ctx.saver).prune([threadId], { strategy: "keep_latest" });
      expectEqual(
        idsOf(await listAll(ctx.saver, generateConfig(threadId))),
        [idOf(configs.D)],
        "keep_latest must leave only the latest checkpoint D: the fork branch C is not on D's parent chain but must go as well",
      );
      expectEqual(
        (await ctx.saver.getTuple(configs.D))?.pendingWrites,
        [["task-D", "state", "write of D"]],
        "the kept checkpoint D must keep its pending write",
      );
    },
  },
];

const historyTests: SpecTest[] = [
  {
    name: "test_ord_history_of_two_forks_at_one_step",
    ids: ["ORD-16"],
    methods: ["IM-deltaHistory-walk"],
    needsHistory: true,
    requires: ["put_writes"],
    description:
      "two forks of one snapshot, both at step 2: the history of each head holds its own branch's write, asked one after the other",
    async run(ctx) {
      const threadId = ctx.threadId("fork-history");
      const put = (parent: RunnableConfig | undefined, step: number, values = {}) =>
        ctx.saver.put(
          generateConfig(threadId, "", parent && idOf(parent)),
          generateCheckpoint({ channelValues: values }),
          generateMetadata("loop", step),
          {},
        );
      const root = await put(undefined, 0, { ch: new DeltaSnapshot("seed") });
      const heads: [string, RunnableConfig][] = [];
      for (const branch of ["left", "right"]) {
        const middle = await put(root, 1);
        await ctx.saver.putWrites(middle, [["ch", branch]], `task-${branch}`);
        heads.push([branch, await put(middle, 2)]);
      }
      for (const [branch, head] of heads) {
        const result = await ctx.saver.getDeltaChannelHistory({ config: head, channels: ["ch"] });
        expectEqual(
          result?.ch?.writes?.map((w) => w[2]),
          [branch],
          `the history of the ${branch} fork's head (step 2) must hold its own branch's write: is a result cached or looked up by step, which both forks share?`,
        );
      }
    },
  },
];

/** The ORD-16 tests, each in the suite of the operation it checks. */
export const forkTests: ExtraTests = {
  copy_thread: copyThreadTests,
  prune: pruneTests,
  delta_channel_history: historyTests,
};
