import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, expectLength, expectSame, expectTrue } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { idsOf, listAll, newestFirst } from "./helpers.js";
import type { ExtraTests } from "./extra-tests.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * CONC: the saver as LangGraph drives it. Parallel tasks of one superstep call
 * putWrites for the same checkpoint at once; a server runs many threads on one
 * saver; parallel subgraphs put into one thread under different namespaces;
 * getStateHistory iterates list() while other runs put.
 */

const PARALLEL = 8;

async function putRoot(ctx: SpecContext, threadId = ctx.threadId("conc"), ns = ""): Promise<RunnableConfig> {
  return ctx.saver.put(generateConfig(threadId, ns), generateCheckpoint(), generateMetadata("input", -1), {});
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

const parallelPutWrites: SpecTest = {
  name: "test_conc_parallel_put_writes_same_checkpoint",
  ids: ["CONC-01"],
  methods: ["IM-putWrites-concurrent-record"],
  description: `${PARALLEL} tasks calling putWrites() for one checkpoint at once all keep their writes`,
  async run(ctx) {
    const config = await putRoot(ctx);
    await Promise.all(
      range(PARALLEL).map((i) =>
        ctx.saver.putWrites(
          config,
          [
            ["results", `task-${i}`],
            [`own-${i}`, { i }],
          ],
          `task-${i}`,
        ),
      ),
    );
    const tuple = await ctx.saver.getTuple(config);
    expectDefined(tuple, "getTuple() must find the checkpoint the writes were put against");
    const got = (tuple.pendingWrites ?? []).map(([task, channel, value]) => `${task}|${channel}|${JSON.stringify(value)}`).sort();
    const expected = range(PARALLEL)
      .flatMap((i) => [`task-${i}|results|"task-${i}"`, `task-${i}|own-${i}|{"i":${i}}`])
      .sort();
    expectEqual(
      got,
      expected,
      `after ${PARALLEL} concurrent putWrites() calls on one checkpoint every write must be kept (a missing write is a lost update: ` +
        "the saver reads the stored writes, awaits, then writes back a list that misses the other tasks' writes)",
    );
  },
};

const threadsAtOnce: SpecTest = {
  name: "test_conc_threads_run_at_once",
  ids: ["CONC-02"],
  methods: ["IM-put-concurrent-record"],
  description: "several threads, each a chain of puts, running at once on one saver keep their own history",
  needsHistory: true,
  async run(ctx) {
    const steps = 4;
    const threads = range(6).map((t) => ({ threadId: ctx.threadId(`conc-${t}`), ids: [] as string[] }));
    await Promise.all(
      threads.map(async (thread, t) => {
        let parent: string | undefined;
        for (let step = 0; step < steps; step++) {
          const checkpoint = generateCheckpoint({
            channelValues: { owner: thread.threadId, step },
            channelVersions: { owner: step + 1, step: step + 1 },
          });
          const returned = await ctx.saver.put(
            generateConfig(thread.threadId, "", parent),
            checkpoint,
            generateMetadata("loop", step, { thread: t }),
            {
              owner: step + 1,
              step: step + 1,
            },
          );
          expectSame(
            returned?.configurable?.thread_id,
            thread.threadId,
            "put() must return the config of the thread it was called for, even with other threads putting at once",
          );
          parent = checkpoint.id;
          thread.ids.push(checkpoint.id);
        }
      }),
    );
    for (const thread of threads) {
      const latest = await ctx.saver.getTuple({ configurable: { thread_id: thread.threadId, checkpoint_ns: "" } });
      expectEqual(
        latest?.checkpoint.channel_values,
        { owner: thread.threadId, step: steps - 1 },
        "with threads putting at once, each thread's latest checkpoint must hold that thread's last values",
      );
      const listed = await listAll(ctx.saver, { configurable: { thread_id: thread.threadId } });
      expectEqual(
        idsOf(listed),
        newestFirst(thread.ids),
        "with threads putting at once, list({thread_id}) must yield exactly that thread's checkpoints, newest first",
      );
    }
  },
};

const parallelNamespaces: SpecTest = {
  name: "test_conc_parallel_namespaces_one_thread",
  ids: ["CONC-03"],
  methods: ["IM-put-concurrent-record"],
  description: "parallel subgraphs putting into one thread under different namespaces at once all keep their checkpoints",
  async run(ctx) {
    const threadId = ctx.threadId("conc");
    await putRoot(ctx, threadId);
    const namespaces = range(PARALLEL).map((i) => `sub:${i}`);
    const stored = await Promise.all(
      namespaces.map(async (ns) => {
        const checkpoint = generateCheckpoint({ channelValues: { ns }, channelVersions: { ns: 1 } });
        await ctx.saver.put(generateConfig(threadId, ns), checkpoint, generateMetadata("loop", 0), { ns: 1 });
        return { ns, id: checkpoint.id };
      }),
    );
    for (const { ns, id } of stored) {
      const tuple = await ctx.saver.getTuple(generateConfig(threadId, ns));
      expectSame(
        tuple?.checkpoint.id,
        id,
        `the checkpoint put into namespace ${JSON.stringify(ns)} while other namespaces of the thread were put at once must be found ` +
          "(a missing one is a lost update: the saver rewrites a per-thread record it read before another put landed)",
      );
    }
    const root = await ctx.saver.getTuple(generateConfig(threadId, ""));
    expectDefined(root, "the root-namespace checkpoint must survive parallel puts into child namespaces of its thread");
  },
};

const listWhilePut: SpecTest = {
  name: "test_conc_list_while_put",
  ids: ["CONC-04"],
  methods: ["IM-list-live-cursor"],
  description: "iterating list() while put() adds checkpoints to the same thread yields each old checkpoint once, newest first",
  needsHistory: true,
  async run(ctx) {
    const threadId = ctx.threadId("conc");
    const original: string[] = [];
    let parent: RunnableConfig | undefined;
    for (let step = 0; step < 6; step++) {
      const checkpoint = generateCheckpoint();
      parent = await ctx.saver.put(
        generateConfig(threadId, "", parent?.configurable?.checkpoint_id as string | undefined),
        checkpoint,
        generateMetadata("loop", step),
        {},
      );
      original.push(checkpoint.id);
    }
    const yielded: CheckpointTuple[] = [];
    const added: string[] = [];
    // At most one put per original checkpoint, so a list() that follows live data still has a bound to end by.
    for await (const tuple of ctx.saver.list({ configurable: { thread_id: threadId } })) {
      yielded.push(tuple);
      expectTrue(
        yielded.length <= original.length * 2,
        `list() yielded ${yielded.length} tuples for a thread that has ${original.length * 2} checkpoints at most: it does not end while put() adds checkpoints (does it page by offset over live data?)`,
      );
      if (added.length >= original.length) continue;
      const checkpoint = generateCheckpoint();
      await ctx.saver.put(generateConfig(threadId, "", tuple.checkpoint.id), checkpoint, generateMetadata("fork", yielded.length), {});
      added.push(checkpoint.id);
    }
    const ids = idsOf(yielded);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expectLength(
      duplicates,
      0,
      "list() yielded a checkpoint twice while put() added checkpoints to the thread (does it page by offset over live data?)",
    );
    const missing = original.filter((id) => !ids.includes(id));
    expectEqual(missing, [], "list() must yield every checkpoint that existed when the iteration started, even while put() adds new ones");
    const old = ids.filter((id) => original.includes(id));
    expectEqual(old, newestFirst(original), "the checkpoints that existed before the iteration must be yielded newest first");
  },
};

const readYourWrites: SpecTest = {
  name: "test_conc_writes_visible_when_promise_resolves",
  ids: ["CONC-05"],
  methods: ["IM-put-async-pipeline"],
  description: "with many pipelines at once, each put() and putWrites() is visible as soon as its promise resolves",
  async run(ctx) {
    await Promise.all(
      range(PARALLEL).map(async (i) => {
        const config = await putRoot(ctx);
        const stored = await ctx.saver.getTuple(config);
        expectDefined(stored, "a checkpoint must be readable as soon as put() resolves (is the write awaited before put() returns?)");
        await ctx.saver.putWrites(config, [["ch", `value-${i}`]], `task-${i}`);
        const after = await ctx.saver.getTuple(config);
        expectEqual(
          after?.pendingWrites?.map((w) => w[2]),
          [`value-${i}`],
          "a pending write must be readable as soon as putWrites() resolves (is the write awaited before putWrites() returns?)",
        );
      }),
    );
  },
};

/** The CONC tests, by the capability whose suite runs them. */
export const concurrencyTests: ExtraTests = {
  put: [threadsAtOnce, parallelNamespaces],
  put_writes: [parallelPutWrites, readYourWrites],
  list: [listWhilePut],
};
