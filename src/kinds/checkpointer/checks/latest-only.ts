import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, fail, expectLength, expectSame, expectTrue, expectUndefined } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { formatValue } from "../../../format.js";
import type { ExtraTests } from "./extra-tests.js";
import { idsOf, listAll } from "./helpers.js";
import { nsLabel, ROOT_AND_CHILD } from "./pending-writes.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * The guarantees of the latest checkpoint, on their own. Tests that also read
 * older checkpoints (`needsHistory`) are not applicable to a saver declared
 * `latest-only`; these carry the latest-checkpoint part of the same clauses, so a
 * shallow saver is still checked on it. They hold for every saver (they never
 * assert that older checkpoints are gone), so they run in both profiles.
 */

/** Three parent-linked puts (steps 0, 1, 2) on one thread and namespace; returns their configs. */
async function putChain(
  ctx: SpecContext,
  threadId: string,
  ns: string,
  extra: (step: number) => Record<string, unknown> = () => ({}),
): Promise<RunnableConfig[]> {
  const configs: RunnableConfig[] = [];
  let parent: string | undefined;
  for (let step = 0; step < 3; step++) {
    const checkpoint = generateCheckpoint({ channelValues: { step, ns }, channelVersions: { step: step + 1, ns: 1 } });
    const versions: Record<string, number> = step === 0 ? { step: 1, ns: 1 } : { step: step + 1 };
    configs.push(
      await ctx.saver.put(generateConfig(threadId, ns, parent), checkpoint, generateMetadata("loop", step, extra(step)), versions),
    );
    parent = checkpoint.id;
  }
  return configs;
}

function idOf(config: RunnableConfig): string {
  return config.configurable?.checkpoint_id as string;
}

/** The tuples of `listed` in namespace `ns`, in list order. */
function inNamespace(listed: readonly CheckpointTuple[], ns: string): CheckpointTuple[] {
  return listed.filter((t) => (t.config?.configurable?.checkpoint_ns ?? "") === ns);
}

const putTests: SpecTest[] = [
  {
    name: "test_latest_is_the_last_put",
    ids: ["PUT-10", "GT-02", "JS-11"],
    description:
      "after three chained puts, getTuple without checkpoint_id (and by the latest's own id) returns the third, with its values and metadata",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const threadId = ctx.threadId();
        const configs = await putChain(ctx, threadId, ns);
        const latestId = idOf(configs[2]);
        const latest = await ctx.saver.getTuple(generateConfig(threadId, ns));
        expectDefined(latest, `getTuple({thread_id, checkpoint_ns}) must find the latest checkpoint after three puts (${nsLabel(ns)})`);
        expectSame(
          latest.checkpoint.id,
          latestId,
          `the latest checkpoint is the last one put (step 2), not an earlier one (${nsLabel(ns)})`,
        );
        expectEqual(
          latest.checkpoint.channel_values,
          { step: 2, ns },
          `the latest checkpoint must read back its own channel values (${nsLabel(ns)})`,
        );
        expectSame(latest.metadata?.step, 2, `the latest checkpoint's metadata must come with it (step 2) (${nsLabel(ns)})`);
        expectEqual(
          latest.config,
          { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: latestId } },
          `tuple.config must name the latest checkpoint (${nsLabel(ns)})`,
        );
        const byId = await ctx.saver.getTuple(configs[2]);
        expectSame(byId?.checkpoint.id, latestId, `getTuple(config put returned for the latest) must return the latest (${nsLabel(ns)})`);
        expectEqual(
          await ctx.saver.get(generateConfig(threadId, ns)),
          latest.checkpoint,
          `get({thread_id, checkpoint_ns}) must return getTuple().checkpoint (${nsLabel(ns)})`,
        );
      }
    },
  },
  {
    name: "test_latest_reads_back_unchanged_channels",
    ids: ["PUT-13"],
    methods: ["IM-put-blob-per-version"],
    description: "a channel left out of the latest put's newVersions still reads back on the latest checkpoint",
    async run(ctx) {
      const threadId = ctx.threadId();
      const c1 = generateCheckpoint({ channelValues: { a: "v1", b: "v2" }, channelVersions: { a: 1, b: 1 } });
      await ctx.saver.put(generateConfig(threadId), c1, generateMetadata("loop", 0), { a: 1, b: 1 });
      const c2 = generateCheckpoint({ channelValues: { a: "v1_updated", b: "v2" }, channelVersions: { a: 2, b: 1 } });
      await ctx.saver.put(generateConfig(threadId, "", c1.id), c2, generateMetadata("loop", 1), { a: 2 });
      const latest = await ctx.saver.getTuple(generateConfig(threadId));
      expectEqual(
        latest?.checkpoint.channel_values,
        { a: "v1_updated", b: "v2" },
        "the latest checkpoint must read back a (changed) and b (unchanged, not in newVersions)",
      );
    },
  },
];

const putWritesTests: SpecTest[] = [
  {
    name: "test_latest_keeps_writes_that_arrived_before_its_put",
    ids: ["PW-01", "GT-02"],
    methods: ["IM-put-writes-before-put"],
    description:
      "writes saved for a checkpoint before its put finished (LangGraph's async durability) are its pendingWrites once it is the latest",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const threadId = ctx.threadId();
        const previous = (await putChain(ctx, threadId, ns)).at(-1)!;
        await ctx.saver.putWrites(previous, [["ch", "on-previous"]], "task-previous");
        const next = generateCheckpoint({ channelValues: { step: 3 }, channelVersions: { step: 4 } });
        const nextConfig = generateConfig(threadId, ns, next.id);
        await ctx.saver.putWrites(nextConfig, [["ch", "early"]], "task-early");
        await ctx.saver.put(generateConfig(threadId, ns, idOf(previous)), next, generateMetadata("loop", 3), { step: 4 });
        await ctx.saver.putWrites(nextConfig, [["ch", "late"]], "task-late");
        const latest = await ctx.saver.getTuple(generateConfig(threadId, ns));
        expectSame(latest?.checkpoint.id, next.id, `the checkpoint put last is the latest (${nsLabel(ns)})`);
        expectEqual(
          latest?.pendingWrites,
          [
            ["task-early", "ch", "early"],
            ["task-late", "ch", "late"],
          ],
          `the latest checkpoint's pendingWrites must be its own writes, those saved before its put included, and no write of an earlier checkpoint (${nsLabel(ns)})`,
        );
      }
    },
  },
];

const listTests: SpecTest[] = [
  {
    name: "test_list_yields_the_latest_of_each_namespace",
    ids: ["LS-02", "LS-03", "LS-04", "LS-11"],
    description: "list({thread_id}) yields each namespace's latest first within it; with checkpoint_ns and limit 1, just that latest",
    async run(ctx) {
      const threadId = ctx.threadId();
      const other = ctx.threadId("other");
      const latest = new Map<string, string>();
      for (const ns of ROOT_AND_CHILD) latest.set(ns, idOf((await putChain(ctx, threadId, ns)).at(-1)!));
      await putChain(ctx, other, "");
      const listed = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
      expectTrue(
        listed.every((t) => t.config?.configurable?.thread_id === threadId),
        "list({thread_id}) must yield only that thread's checkpoints",
        [`yielded threads: ${JSON.stringify(listed.map((t) => t.config?.configurable?.thread_id))}`],
      );
      for (const ns of ROOT_AND_CHILD) {
        expectSame(
          idsOf(inNamespace(listed, ns))[0],
          latest.get(ns),
          `list({thread_id}) must yield the latest checkpoint of ${nsLabel(ns)} first among that namespace's`,
        );
        const scoped = await listAll(ctx.saver, { configurable: { thread_id: threadId, checkpoint_ns: ns } });
        expectSame(
          idsOf(scoped)[0],
          latest.get(ns),
          `list({thread_id, checkpoint_ns}) must yield the namespace's latest checkpoint first (${nsLabel(ns)})`,
        );
        expectLength(
          inNamespace(scoped, ns),
          scoped.length,
          `list({thread_id, checkpoint_ns}) must yield only that namespace (${nsLabel(ns)})`,
        );
        const limited = await listAll(ctx.saver, { configurable: { thread_id: threadId, checkpoint_ns: ns } }, { limit: 1 });
        expectEqual(
          idsOf(limited),
          [latest.get(ns)],
          `list({thread_id, checkpoint_ns}, {limit: 1}) must yield exactly the latest checkpoint (${nsLabel(ns)})`,
        );
      }
    },
  },
  {
    name: "test_list_filter_matches_the_latest",
    ids: ["LS-05", "LS-06", "LS-09"],
    description:
      "a metadata filter that the latest checkpoint matches yields it; one that no checkpoint of the thread matches yields nothing",
    async run(ctx) {
      const threadId = ctx.threadId();
      const configs = await putChain(ctx, threadId, "", (step) => ({ score: step * 10 }));
      const latestId = idOf(configs[2]);
      const config = { configurable: { thread_id: threadId } };
      for (const filter of [{ score: 20 }, { step: 2 }, { source: "loop", score: 20 }] as const) {
        const listed = await listAll(ctx.saver, config, { filter });
        expectSame(
          idsOf(listed)[0],
          latestId,
          `list({thread_id}, {filter: ${JSON.stringify(filter)}}) must yield the latest checkpoint, whose metadata matches`,
        );
        expectTrue(
          listed.every((t) =>
            Object.entries(filter).every(([key, value]) => (t.metadata as Record<string, unknown> | undefined)?.[key] === value),
          ),
          `list({thread_id}, {filter: ${JSON.stringify(filter)}}) must yield only checkpoints whose metadata matches`,
          [`yielded metadata: ${JSON.stringify(listed.map((t) => t.metadata))}`],
        );
      }
      expectLength(
        await listAll(ctx.saver, config, { filter: { score: 999 } }),
        0,
        "a filter no checkpoint of the thread matches ({score: 999}) must yield nothing",
      );
    },
  },
  {
    name: "test_list_without_thread_yields_every_latest",
    ids: ["LS-01", "LS-14"],
    methods: ["IM-list-all-threads"],
    description: "list({}) on a fresh saver yields the latest checkpoint of every thread and namespace",
    async run(ctx) {
      const saver = await ctx.freshSaver();
      const expected: string[] = [];
      for (const threadId of [ctx.threadId("a"), ctx.threadId("b")]) {
        for (const ns of ROOT_AND_CHILD) expected.push(idOf((await putChain({ ...ctx, saver }, threadId, ns)).at(-1)!));
      }
      const listed = idsOf(await listAll(saver, { configurable: {} }));
      const missing = expected.filter((id) => !listed.includes(id));
      // The expected ids against the listed ones, so `actual` is what list({}) yielded (not the ids it left out).
      if (missing.length > 0) {
        fail("list({}) must yield the latest checkpoint of every thread and namespace", [
          `missing: ${formatValue(missing)} (${missing.length} of ${expected.length})`,
          `the latest of each: ${formatValue(expected)}`,
          `listed: ${formatValue(listed)}`,
        ]);
      }
    },
  },
];

const deleteThreadTests: SpecTest[] = [
  {
    name: "test_delete_thread_removes_the_latest_everywhere",
    ids: ["DT-01", "DT-02", "DT-03", "DT-04"],
    methods: ["IM-deleteThread-namespaces"],
    description: "deleteThread(T) removes T's latest checkpoint and writes in every namespace; another thread keeps its latest",
    async run(ctx) {
      const threadId = ctx.threadId();
      const other = ctx.threadId("other");
      for (const ns of ROOT_AND_CHILD) {
        const configs = await putChain(ctx, threadId, ns);
        await ctx.saver.putWrites(configs[2], [["ch", "w"]], "task-1");
      }
      const kept = idOf((await putChain(ctx, other, "child:1")).at(-1)!);
      await ctx.saver.deleteThread(threadId);
      for (const ns of ROOT_AND_CHILD) {
        expectUndefined(
          await ctx.saver.getTuple(generateConfig(threadId, ns)),
          `after deleteThread(T), getTuple({thread_id: T, checkpoint_ns}) must find nothing (${nsLabel(ns)})`,
        );
      }
      expectLength(
        await listAll(ctx.saver, { configurable: { thread_id: threadId } }),
        0,
        "after deleteThread(T), list({thread_id: T}) must yield nothing in any namespace",
      );
      const survivor = await ctx.saver.getTuple(generateConfig(other, "child:1"));
      expectSame(survivor?.checkpoint.id, kept, "deleteThread(T) must leave another thread's latest checkpoint in place");
    },
  },
];

/** Latest-checkpoint tests, by the capability whose suite runs them. */
export const latestOnlyTests: ExtraTests = {
  put: putTests,
  put_writes: putWritesTests,
  list: listTests,
  delete_thread: deleteThreadTests,
};
