import { TASKS, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { expectDefined, expectEqual, expectLength, expectSame, expectTrue } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { idsOf, listAll } from "./helpers.js";
import { checkCases, expectListedEqualsStored, expectNewestFirstPerNamespace, listCases, putMatrixData } from "./list-matrix.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

/**
 * Python's list data: 4 chained checkpoints on a fresh thread, ns "", with
 * metadata source input / loop / input / loop for steps 0..3. Ids ascend.
 */
async function putListData(ctx: SpecContext): Promise<{ threadId: string; ids: string[] }> {
  const threadId = ctx.threadId("list");
  const ids: string[] = [];
  for (let step = 0; step < 4; step++) {
    const checkpoint = generateCheckpoint();
    await ctx.saver.put(
      generateConfig(threadId, "", ids.at(-1)),
      checkpoint,
      generateMetadata(step % 2 === 0 ? "input" : "loop", step),
      {},
    );
    ids.push(checkpoint.id);
  }
  return { threadId, ids };
}

/** Puts one unchained checkpoint; returns its id. */
async function putOne(ctx: SpecContext, threadId: string, ns: string, metadata = generateMetadata()): Promise<string> {
  const checkpoint = generateCheckpoint();
  await ctx.saver.put(generateConfig(threadId, ns), checkpoint, metadata, {});
  return checkpoint.id;
}

const sorted = (ids: readonly string[]) => [...ids].sort();
const metadataOf = (tuple: CheckpointTuple) => (tuple.metadata ?? {}) as Record<string, unknown>;

const pythonTests: SpecTest[] = [
  {
    name: "test_list_all",
    ids: ["LS-01"],
    description: 'list({thread_id, checkpoint_ns: ""}) yields every checkpoint of the thread',
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId));
      expectEqual(sorted(idsOf(listed)), sorted(ids), "list() must yield all 4 checkpoints put on the thread");
    },
  },
  {
    name: "test_list_by_thread",
    ids: ["LS-02"],
    description: "list() is scoped to its thread_id: an unknown thread yields nothing",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const unknown = await listAll(ctx.saver, generateConfig(ctx.threadId("unknown")));
      expectLength(unknown, 0, "list() of a thread that was never put must yield nothing (not other threads' checkpoints)");
      const own = await listAll(ctx.saver, generateConfig(threadId));
      expectEqual(sorted(idsOf(own)), sorted(ids), "list() of the thread must yield its 4 checkpoints");
    },
  },
  {
    name: "test_list_by_namespace",
    ids: ["LS-03"],
    methods: ["IM-list-namespace-default"],
    description: 'an explicit checkpoint_ns lists only that namespace ("" is the root, not all)',
    async run(ctx) {
      const threadId = ctx.threadId();
      const root = await putOne(ctx, threadId, "");
      const child = await putOne(ctx, threadId, "child:1");
      const rootListed = await listAll(ctx.saver, generateConfig(threadId, ""));
      expectEqual(idsOf(rootListed), [root], 'list({checkpoint_ns: ""}) must yield only the root-namespace checkpoint');
      const childListed = await listAll(ctx.saver, generateConfig(threadId, "child:1"));
      expectEqual(idsOf(childListed), [child], 'list({checkpoint_ns: "child:1"}) must yield only that namespace\'s checkpoint');
    },
  },
  {
    name: "test_list_ordering",
    ids: ["LS-04"],
    description: "list() yields newest first (descending checkpoint_id)",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId));
      expectEqual(idsOf(listed), [...ids].reverse(), "list() must yield the thread's checkpoints newest first (descending checkpoint_id)");
    },
  },
  {
    name: "test_list_metadata_filter_single_key",
    ids: ["LS-05"],
    description: 'filter {source: "input"} yields exactly the input checkpoints',
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { source: "input" } });
      expectEqual(
        sorted(idsOf(listed)),
        sorted([ids[0]!, ids[2]!]),
        'filter {source: "input"} must yield the checkpoints of steps 0 and 2 only',
      );
      for (const tuple of listed)
        expectSame(metadataOf(tuple).source, "input", 'every tuple yielded for the filter must have metadata.source "input"');
    },
  },
  {
    name: "test_list_metadata_filter_step",
    ids: ["LS-06"],
    description: "filter {step: 1} (a number) yields exactly the step-1 checkpoint",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { step: 1 } });
      expectEqual(idsOf(listed), [ids[1]!], "filter {step: 1} must yield only the checkpoint whose metadata.step is 1");
      expectSame(metadataOf(listed[0]!).step, 1, "the yielded tuple's metadata.step must be the number 1");
    },
  },
  {
    name: "test_list_metadata_filter_multiple_keys",
    ids: ["LS-07"],
    description: "several filter keys must all match (AND)",
    async run(ctx) {
      const threadId = ctx.threadId();
      const ids: string[] = [];
      for (const [source, step] of [
        ["input", 1],
        ["loop", 1],
        ["input", 2],
      ] as const) {
        ids.push(await putOne(ctx, threadId, "", generateMetadata(source, step)));
      }
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { source: "input", step: 2 } });
      expectEqual(idsOf(listed), [ids[2]!], 'filter {source: "input", step: 2} must yield only the checkpoint matching both keys');
    },
  },
  {
    name: "test_list_metadata_filter_no_match",
    ids: ["LS-08"],
    description: "a filter that matches nothing yields nothing",
    async run(ctx) {
      const { threadId } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { source: "update", step: 99 } });
      expectLength(listed, 0, 'filter {source: "update", step: 99} matches no checkpoint, so list() must yield nothing');
    },
  },
  {
    name: "test_list_metadata_custom_keys",
    ids: ["LS-09"],
    description: "custom metadata keys (score, run_id) are filterable",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const abc = await putOne(ctx, threadId, "", generateMetadata("loop", 0, { score: 42, run_id: "run-abc" }));
      await putOne(ctx, threadId, "", generateMetadata("loop", 0, { score: 99, run_id: "run-xyz" }));
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { score: 42 } });
      expectEqual(idsOf(listed), [abc], "filter {score: 42} (a custom key) must yield only the checkpoint with score 42");
      expectSame(metadataOf(listed[0]!).run_id, "run-abc", 'the yielded tuple must keep its custom metadata (run_id "run-abc")');
    },
  },
  {
    name: "test_list_before",
    ids: ["LS-10"],
    description: "before yields only checkpoints with a smaller checkpoint_id",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId), { before: generateConfig(threadId, "", ids[2]) });
      expectEqual(
        sorted(idsOf(listed)),
        sorted([ids[0]!, ids[1]!]),
        "before the 3rd checkpoint must yield exactly the 1st and 2nd (strictly smaller ids)",
      );
    },
  },
  {
    name: "test_list_limit",
    ids: ["LS-11"],
    description: "limit N yields the newest N checkpoints",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const newest = [...ids].reverse();
      for (const limit of [1, 2]) {
        const listed = await listAll(ctx.saver, generateConfig(threadId), { limit });
        expectEqual(idsOf(listed), newest.slice(0, limit), `limit ${limit} must yield the newest ${limit} checkpoint(s) of the namespace`);
      }
    },
  },
  {
    name: "test_list_limit_counts_checkpoints_not_writes",
    ids: ["LS-19"],
    methods: ["IM-list-limit-over-joined-rows"],
    description:
      "limit N yields N checkpoints with all their pending writes when each carries several (a limit on joined rows yields fewer)",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId("list");
      const checkpoints = [generateCheckpoint(), generateCheckpoint(), generateCheckpoint()];
      const configs = await Promise.all(
        checkpoints.map((checkpoint, step) => ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata("loop", step), {})),
      );
      const writes: [string, unknown][] = [
        ["a", 1],
        ["b", 2],
        ["c", 3],
      ];
      await Promise.all(configs.map((config) => ctx.saver.putWrites(config, writes, "task-1")));
      const newest = checkpoints.map((c) => c.id).reverse();
      const lists = await Promise.all([1, 2].map((limit) => listAll(ctx.saver, generateConfig(threadId), { limit })));
      [1, 2].forEach((limit, i) => {
        const listed = lists[i]!;
        expectEqual(
          idsOf(listed),
          newest.slice(0, limit),
          `limit ${limit} must yield the newest ${limit} checkpoint(s), each carrying 3 pending writes: the limit counts checkpoints, not checkpoint x write rows of a join`,
        );
        for (const tuple of listed) {
          expectEqual(
            tuple.pendingWrites?.map(([, channel, value]) => [channel, value]),
            writes,
            `with limit ${limit}, each listed checkpoint must carry all 3 of its pending writes (a limit applied to joined rows cuts them off)`,
          );
        }
      });
    },
  },
  {
    name: "test_list_limit_plus_before",
    ids: ["LS-12"],
    description: "before and limit together page backwards: before the 4th, limit 1 yields the 3rd",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId), { before: generateConfig(threadId, "", ids[3]), limit: 1 });
      expectEqual(idsOf(listed), [ids[2]!], "before the 4th checkpoint with limit 1 must yield exactly the 3rd");
    },
  },
  {
    name: "test_list_combined_thread_and_filter",
    ids: ["LS-05"],
    description: 'thread_id and filter {source: "loop"} combine',
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { source: "loop" } });
      expectEqual(
        sorted(idsOf(listed)),
        sorted([ids[1]!, ids[3]!]),
        'filter {source: "loop"} must yield the checkpoints of steps 1 and 3 only',
      );
    },
  },
  {
    name: "test_list_empty_result",
    ids: ["LS-08"],
    description: "an unknown thread yields nothing, even with a filter other threads match",
    async run(ctx) {
      await putListData(ctx);
      const unknown = generateConfig(ctx.threadId("unknown"));
      const matchingElsewhere = await listAll(ctx.saver, unknown, { filter: { source: "input" } });
      expectLength(
        matchingElsewhere,
        0,
        'list() of an unknown thread with filter {source: "input"} must yield nothing, though another thread matches',
      );
      const nothing = await listAll(ctx.saver, unknown, { filter: { source: "nonexistent" } });
      expectLength(nothing, 0, 'list() of an unknown thread with filter {source: "nonexistent"} must yield nothing');
    },
  },
  {
    name: "test_list_includes_pending_writes",
    ids: ["LS-13"],
    description: "listed tuples carry their pending writes",
    async run(ctx) {
      const threadId = ctx.threadId();
      const stored = await ctx.saver.put(generateConfig(threadId), generateCheckpoint(), generateMetadata(), {});
      await ctx.saver.putWrites(stored, [["ch", "val"]], crypto.randomUUID());
      const listed = await listAll(ctx.saver, generateConfig(threadId));
      expectLength(listed, 1, "list() must yield the one checkpoint put");
      expectLength(listed[0]!.pendingWrites, 1, "the listed tuple's pendingWrites must hold the one write put on it");
      const [, channel, value] = listed[0]!.pendingWrites![0]!;
      expectSame(channel, "ch", "the listed pending write must keep its channel");
      expectSame(value, "val", "the listed pending write must keep its value");
    },
  },
  {
    name: "test_list_multiple_namespaces",
    ids: ["LS-03"],
    methods: ["IM-list-namespace-default"],
    description: 'with checkpoints in three namespaces, checkpoint_ns "" lists only the root one',
    async run(ctx) {
      const threadId = ctx.threadId();
      const [root] = [await putOne(ctx, threadId, ""), await putOne(ctx, threadId, "child:1"), await putOne(ctx, threadId, "child:2")];
      const listed = await listAll(ctx.saver, generateConfig(threadId, ""));
      expectEqual(
        idsOf(listed),
        [root],
        'list({checkpoint_ns: ""}) must yield only the root checkpoint, not those of "child:1" and "child:2"',
      );
    },
  },
];

const jsTests: SpecTest[] = [
  {
    name: "test_list_metadata_filter_type_strict",
    ids: ["LS-06"],
    methods: ["IM-list-filter-text-compare"],
    description: 'filter {step: "1"} (a string) does not match metadata step 1 (a number)',
    async run(ctx) {
      const { threadId } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { step: "1" } });
      expectLength(listed, 0, 'filter {step: "1"} must not match metadata.step 1: filter values compare with strict equality');
    },
  },
  {
    name: "test_list_before_uses_only_checkpoint_id",
    ids: ["LS-10"],
    methods: ["IM-list-before-scope"],
    description: "before's thread_id and namespace are ignored; a before without checkpoint_id restricts nothing",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const foreign = await listAll(ctx.saver, generateConfig(threadId), {
        before: generateConfig(ctx.threadId("other"), "child:1", ids[2]),
      });
      expectEqual(
        sorted(idsOf(foreign)),
        sorted([ids[0]!, ids[1]!]),
        "a before config from another thread and namespace must still cut at its checkpoint_id (only before.configurable.checkpoint_id counts)",
      );
      const noId = await listAll(ctx.saver, generateConfig(threadId), { before: generateConfig(threadId) });
      expectEqual(sorted(idsOf(noId)), sorted(ids), "a before config without checkpoint_id must not restrict the listing");
    },
  },
  {
    name: "test_list_empty_filter_is_no_filter",
    ids: ["LS-16"],
    description: "filter {} and an absent filter both yield everything",
    needsHistory: true,
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      for (const [label, options] of [
        ["filter {}", { filter: {} }],
        ["no options", undefined],
      ] as const) {
        const listed = await listAll(ctx.saver, generateConfig(threadId), options);
        expectEqual(idsOf(listed), [...ids].reverse(), `list() with ${label} must yield every checkpoint of the thread, newest first`);
      }
    },
  },
  {
    name: "test_list_filter_nested_value_no_match",
    ids: ["LS-16"],
    description: "a filter whose nested object value differs from the metadata's matches nothing",
    async run(ctx) {
      const threadId = ctx.threadId();
      await putOne(ctx, threadId, "", generateMetadata("loop", 0, { tags: { team: "a" } }));
      const listed = await listAll(ctx.saver, generateConfig(threadId), { filter: { tags: { team: "b" } } });
      expectLength(
        listed,
        0,
        'filter {tags: {team: "b"}} must not match metadata tags {team: "a"} (nested filter values must not be ignored)',
      );
    },
  },
  {
    name: "test_list_without_namespace_lists_all_namespaces",
    ids: ["LS-15", "JS-07"],
    methods: ["IM-list-namespace-default"],
    description: "list({thread_id}) without checkpoint_ns yields every namespace; a limit counts across them",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const ids: string[] = [];
      for (const ns of ["", "child:1", "child:2"]) {
        const first = await putOne(ctx, threadId, ns);
        const second = generateCheckpoint();
        await ctx.saver.put(generateConfig(threadId, ns, first), second, generateMetadata("loop", 1), {});
        ids.push(first, second.id);
      }
      const listed = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
      expectEqual(
        sorted(idsOf(listed)),
        sorted(ids),
        "list({thread_id}) with no checkpoint_ns must yield the checkpoints of every namespace",
      );
      expectNewestFirstPerNamespace(listed);
      const limited = await listAll(ctx.saver, { configurable: { thread_id: threadId } }, { limit: 4 });
      expectLength(limited, 4, "limit 4 across namespaces must yield 4 tuples (which ones is up to the saver)");
      for (const id of idsOf(limited))
        expectTrue(ids.includes(id), `list() with a limit yielded ${id}, which is not a checkpoint of the thread`);
    },
  },
  {
    name: "test_list_matches_get_tuple",
    ids: ["LS-17"],
    description: "every listed tuple equals getTuple() of its id: config, checkpoint, metadata, parentConfig, writes",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      for (const ns of ["", "child:1"]) {
        const first = await ctx.saver.put(
          generateConfig(threadId, ns),
          generateCheckpoint({ channelValues: { n: 1 }, channelVersions: { n: 1 } }),
          generateMetadata("input", -1),
          { n: 1 },
        );
        await ctx.saver.putWrites(first, [["n", 2]], "task-1");
        const child = await ctx.saver.put(
          generateConfig(threadId, ns, first.configurable?.checkpoint_id as string),
          generateCheckpoint({ channelValues: { n: 2 }, channelVersions: { n: 2 } }),
          generateMetadata("loop", 0, { score: 7 }),
          { n: 2 },
        );
        await ctx.saver.putWrites(
          child,
          [
            ["n", 3],
            ["log", "x"],
          ],
          "task-2",
        );
      }
      const listed = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
      expectLength(listed, 4, "list({thread_id}) must yield the 4 checkpoints put in two namespaces");
      for (const tuple of listed) {
        const { checkpoint_ns } = tuple.config?.configurable ?? {};
        const byId = await ctx.saver.getTuple(generateConfig(threadId, checkpoint_ns as string, tuple.checkpoint.id));
        expectDefined(byId, `getTuple() must find listed checkpoint ${tuple.checkpoint.id}`);
        expectListedEqualsStored(tuple, byId, `checkpoint ${tuple.checkpoint.id} (ns ${JSON.stringify(checkpoint_ns)})`);
      }
    },
  },
  {
    name: "test_list_checkpoint_id_in_config",
    ids: ["LS-18"],
    needsHistory: true,
    advisory: true,
    advisoryReason: "measured: SqliteSaver ignores a checkpoint_id in the list config; catalog LS-18 is ADV",
    description: "a checkpoint_id in the list config yields only that checkpoint",
    async run(ctx) {
      const { threadId, ids } = await putListData(ctx);
      const listed = await listAll(ctx.saver, generateConfig(threadId, "", ids[1]));
      expectEqual(idsOf(listed), [ids[1]!], "list({thread_id, checkpoint_ns, checkpoint_id: X}) should yield only X");
    },
  },
  {
    name: "test_list_migrates_pending_sends",
    ids: ["JS-12"],
    description: "a v<4 checkpoint listed newest gets its parent's TASKS writes as channel_values.__pregel_tasks",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const checkpoint0 = { ...generateCheckpoint(), v: 1 };
      const config0 = await ctx.saver.put(generateConfig(threadId), checkpoint0, generateMetadata("loop", 0), {});
      await ctx.saver.putWrites(
        config0,
        [
          [TASKS, "send-1"],
          [TASKS, "send-2"],
        ],
        "task-1",
      );
      await ctx.saver.putWrites(config0, [[TASKS, "send-3"]], "task-2");
      const checkpoint1 = { ...generateCheckpoint(), v: 1 };
      await ctx.saver.put(config0, checkpoint1, generateMetadata("loop", 1), {});
      const listed = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
      expectEqual(idsOf(listed), [checkpoint1.id, checkpoint0.id], "list() must yield both v1 checkpoints, newest first");
      expectEqual(
        listed[0]!.checkpoint.channel_values,
        { [TASKS]: ["send-1", "send-2", "send-3"] },
        "a listed v<4 checkpoint must get its parent's TASKS writes (pending sends) as channel_values.__pregel_tasks",
      );
      expectDefined(listed[0]!.checkpoint.channel_versions[TASKS], "the migrated checkpoint must have a channel_versions.__pregel_tasks");
    },
  },
  {
    name: "test_list_combinations",
    ids: ["LS-01", "LS-02", "LS-04", "LS-05", "LS-10", "LS-11", "LS-15", "LS-16", "LS-17"],
    methods: ["IM-list-limit-before-filter", "IM-list-before-scope"],
    description: "every combination of thread x namespace x limit x before x filter yields exactly the matching tuples",
    needsHistory: true,
    async run(ctx) {
      const data = await putMatrixData(ctx);
      const threads = [...data.threads, { label: "an unknown thread", id: data.unknownThread }];
      await checkCases(ctx.saver, data, [...listCases(data, threads)]);
    },
  },
  {
    name: "test_list_without_thread_id_lists_every_thread",
    ids: ["LS-14", "LS-15", "LS-16"],
    methods: ["IM-list-all-threads"],
    description: "without thread_id, every combination of namespace x limit x before x filter spans all threads",
    needsHistory: true,
    async run(ctx) {
      // A fresh saver keeps the listing small; data of other threads is still tolerated (a shared database).
      const saver = await ctx.freshSaver();
      const data = await putMatrixData({ ...ctx, saver });
      await checkCases(saver, data, [...listCases(data, [{ label: "no thread" }])]);
    },
  },
];

export const listSpec: CapabilitySpec = { capability: "list", tests: [...pythonTests, ...jsTests] };
