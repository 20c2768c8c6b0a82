import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, expectSame, expectUndefined, fail } from "../../../assert.js";
import { errorText } from "../../../util/describe-value.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { expectListedBefore, idsOf, listAll, newestFirst } from "./helpers.js";
import type { ExtraTests } from "./extra-tests.js";
import type { SpecTest } from "./types.js";

/**
 * RACE: interleavings a correct saver survives and a saver with lazy setup, a
 * whole-store or whole-thread rewrite, or a read cache does not.
 */

/** Puts a checkpoint on the root namespace; a child's metadata.step is one past its parent's, as in a LangGraph run. */
async function putOn(
  saver: BaseCheckpointSaver,
  threadId: string,
  parent?: { config: RunnableConfig; step: number },
  values: Record<string, unknown> = {},
): Promise<{ config: RunnableConfig; id: string; step: number }> {
  const versions = Object.fromEntries(Object.keys(values).map((k) => [k, 1]));
  const checkpoint = generateCheckpoint({ channelValues: values, channelVersions: versions });
  const parentId = parent?.config.configurable?.checkpoint_id as string | undefined;
  const step = parent === undefined ? 0 : parent.step + 1;
  const config = await saver.put(generateConfig(threadId, "", parentId), checkpoint, generateMetadata("loop", step), versions);
  return { config, id: checkpoint.id, step };
}

/** Settles every call; fails naming each call that rejected. */
async function expectAllResolve(calls: Record<string, () => Promise<unknown>>, situation: string): Promise<void> {
  const names = Object.keys(calls);
  const settled = await Promise.allSettled(names.map((name) => calls[name]!()));
  const rejected = settled.flatMap((s, i) => (s.status === "rejected" ? [`${names[i]} rejected: ${errorText(s.reason)}`] : []));
  if (rejected.length > 0) fail(`${situation}, ${rejected.length} call(s) rejected`, rejected);
}

const firstCallsAtOnce: SpecTest = {
  name: "test_race_first_calls_at_once_on_fresh_saver",
  ids: ["RACE-01"],
  methods: ["IM-put-lazy-setup"],
  description: "the very first calls on a new saver, issued at once (reads, two puts), all resolve and the puts are stored",
  async run(ctx) {
    const saver = await ctx.freshSaver();
    const [a, b, unknown] = [ctx.threadId("race-a"), ctx.threadId("race-b"), ctx.threadId("race-unknown")];
    const checkpointA = generateCheckpoint();
    const checkpointB = generateCheckpoint();
    await expectAllResolve(
      {
        [`getTuple(${a})`]: () => saver.getTuple(generateConfig(a)),
        [`list(${unknown})`]: () => listAll(saver, { configurable: { thread_id: unknown } }),
        [`put(${a})`]: () => saver.put(generateConfig(a), checkpointA, generateMetadata("input", -1), {}),
        [`put(${b})`]: () => saver.put(generateConfig(b), checkpointB, generateMetadata("input", -1), {}),
        [`getTuple(${unknown})`]: () => saver.getTuple(generateConfig(unknown)),
      },
      "with the first calls on a new saver issued at once (does it create its storage lazily, and can two calls run that setup at the same time?)",
    );
    for (const [threadId, checkpoint] of [
      [a, checkpointA],
      [b, checkpointB],
    ] as const) {
      const tuple = await saver.getTuple(generateConfig(threadId));
      expectSame(
        tuple?.checkpoint.id,
        checkpoint.id,
        `the checkpoint put on thread ${threadId} among the first calls on a new saver must be stored`,
      );
    }
  },
};

const putAndWritesAtOnce: SpecTest = {
  name: "test_race_put_and_put_writes_on_one_thread",
  ids: ["RACE-02"],
  methods: ["IM-putWrites-concurrent-record"],
  needsHistory: true,
  description: "put() of the next checkpoint while putWrites() stores writes for the current one: both are kept",
  async run(ctx) {
    const threadId = ctx.threadId("race");
    const first = await putOn(ctx.saver, threadId);
    let next: { id: string } | undefined;
    await Promise.all([
      ctx.saver.putWrites(first.config, [["a", "from task-1"]], "task-1"),
      putOn(ctx.saver, threadId, first, { step: 1 }).then((stored) => (next = stored)),
      ctx.saver.putWrites(first.config, [["b", "from task-2"]], "task-2"),
    ]);
    const current = await ctx.saver.getTuple(first.config);
    expectEqual(
      (current?.pendingWrites ?? []).map(([task, channel, value]) => [task, channel, value]).sort(),
      [
        ["task-1", "a", "from task-1"],
        ["task-2", "b", "from task-2"],
      ],
      "writes put against a checkpoint while put() stored its successor on the same thread must all be kept (does put() rewrite a thread record it read before the writes landed?)",
    );
    const latest = await ctx.saver.getTuple(generateConfig(threadId));
    expectSame(latest?.checkpoint.id, next?.id, "the checkpoint put while writes were stored must be the thread's latest");
    expectEqual(latest?.pendingWrites ?? [], [], "the new checkpoint must not carry the writes put against its parent");
  },
};

const deleteWhileOthersWrite: SpecTest = {
  name: "test_race_delete_thread_while_other_threads_write",
  ids: ["RACE-03"],
  methods: ["IM-deleteThread-concurrent-rewrite"],
  needsHistory: true,
  description: "deleteThread() running while other threads put and putWrites leaves those threads' new data intact",
  async run(ctx) {
    const [doomed, busy, fresh] = [ctx.threadId("race-doomed"), ctx.threadId("race-busy"), ctx.threadId("race-fresh")];
    // The check below reads the busy thread's history through list(): first make sure list() keeps one.
    await putOn(ctx.saver, doomed, await putOn(ctx.saver, doomed));
    await expectListedBefore(ctx.saver, { configurable: { thread_id: doomed } }, 2, "before the race");
    const root = await putOn(ctx.saver, busy);
    const expectedIds = [root.id];
    let freshId: string | undefined;
    await Promise.all([
      ctx.saver.deleteThread(doomed),
      putOn(ctx.saver, busy, root).then((s) => expectedIds.push(s.id)),
      ctx.saver.putWrites(root.config, [["ch", "kept"]], "task-1"),
      putOn(ctx.saver, fresh).then((s) => (freshId = s.id)),
    ]);
    const listed = await listAll(ctx.saver, { configurable: { thread_id: busy } });
    // Which checkpoints are left is this clause's; the order list() yields them in is list()'s own (LS-02), checked there.
    expectEqual(
      newestFirst(idsOf(listed)),
      newestFirst(expectedIds),
      `deleteThread(${doomed}) must leave thread ${busy} whole, including the checkpoint put while it ran (does it rewrite the store from a snapshot it read before?)`,
    );
    const withWrites = await ctx.saver.getTuple(root.config);
    expectEqual(
      withWrites?.pendingWrites?.map((w) => w[2]),
      ["kept"],
      `deleteThread(${doomed}) must leave the write put on thread ${busy} while it ran`,
    );
    const freshTuple = await ctx.saver.getTuple(generateConfig(fresh));
    expectSame(freshTuple?.checkpoint.id, freshId, `deleteThread(${doomed}) must leave thread ${fresh}, put while it ran`);
    expectUndefined(await ctx.saver.getTuple(generateConfig(doomed)), `thread ${doomed} must be gone after deleteThread()`);
  },
};

const readWriteRead: SpecTest = {
  name: "test_race_reads_see_the_latest_writes",
  ids: ["RACE-04"],
  methods: ["IM-getTuple-read-cache"],
  needsHistory: true,
  description: "read, write, read again: each later getTuple() and list() sees the put or putWrites before it",
  async run(ctx) {
    const threadId = ctx.threadId("race");
    const latest = generateConfig(threadId);
    const first = await putOn(ctx.saver, threadId);
    expectSame((await ctx.saver.getTuple(latest))?.checkpoint.id, first.id, "getTuple() must find the checkpoint just put");
    expectEqual(idsOf(await listAll(ctx.saver, latest)), [first.id], "list() must yield the checkpoint just put");
    await ctx.saver.putWrites(first.config, [["ch", "one"]], "task-1");
    const afterWrites = await ctx.saver.getTuple(latest);
    expectEqual(
      afterWrites?.pendingWrites?.map((w) => w[2]),
      ["one"],
      "a getTuple() of the latest checkpoint after putWrites() must carry the write, though the same read was made before it (is a read cache not invalidated by putWrites?)",
    );
    const listedWrites = await listAll(ctx.saver, latest);
    expectEqual(
      listedWrites[0]?.pendingWrites?.map((w) => w[2]),
      ["one"],
      "list() after putWrites() must carry the write, though the same list was made before it (is a read cache not invalidated by putWrites?)",
    );
    const second = await putOn(ctx.saver, threadId, first);
    expectSame(
      (await ctx.saver.getTuple(latest))?.checkpoint.id,
      second.id,
      "getTuple() of the latest checkpoint after a new put() must return the new one (is a read cache not invalidated by put?)",
    );
    expectEqual(
      idsOf(await listAll(ctx.saver, latest)),
      [second.id, first.id],
      "list() after a new put() must yield it too (is a read cache not invalidated by put?)",
    );
  },
};

const readDeleteRead: SpecTest = {
  name: "test_race_reads_after_delete_thread_see_nothing",
  ids: ["RACE-05"],
  methods: ["IM-getTuple-read-cache"],
  description: "read, deleteThread(), read again: getTuple() (latest and by id) and list() see nothing",
  async run(ctx) {
    const threadId = ctx.threadId("race");
    const first = await putOn(ctx.saver, threadId, undefined, { v: 1 });
    await ctx.saver.putWrites(first.config, [["ch", "w"]], "task-1");
    const latest = generateConfig(threadId);
    expectDefined(await ctx.saver.getTuple(latest), "getTuple() must find the checkpoint just put");
    expectDefined(await ctx.saver.getTuple(first.config), "getTuple() by id must find the checkpoint just put");
    expectEqual(idsOf(await listAll(ctx.saver, latest)), [first.id], "list() must yield the checkpoint just put");
    await ctx.saver.deleteThread(threadId);
    expectUndefined(
      await ctx.saver.getTuple(latest),
      "getTuple() of a deleted thread must find nothing, though the same read found its checkpoint before deleteThread() (is a read cache not invalidated by deleteThread?)",
    );
    expectUndefined(
      await ctx.saver.getTuple(first.config),
      "getTuple() by id on a deleted thread must find nothing (is a read cache not invalidated by deleteThread?)",
    );
    expectEqual(
      idsOf(await listAll(ctx.saver, latest)),
      [],
      "list() of a deleted thread must yield nothing (is a read cache not invalidated by deleteThread?)",
    );
  },
};

/** The RACE tests, by the capability whose suite runs them. */
export const interleavingTests: ExtraTests = {
  put: [firstCallsAtOnce],
  put_writes: [putAndWritesAtOnce],
  delete_thread: [deleteWhileOthersWrite, readDeleteRead],
  get_tuple: [readWriteRead],
};
