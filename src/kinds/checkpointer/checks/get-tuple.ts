import { TASKS, type Checkpoint, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, expectResolves, expectSame, expectTrue, expectUndefined } from "../../../assert.js";
import {
  CHECKPOINT_V,
  generateCheckpoint,
  generateConfig,
  generateMetadata,
  putTestCheckpoint,
  putTestCheckpoints,
} from "../../../test-utils.js";
import { nsLabel, ROOT_AND_CHILD } from "./pending-writes.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

/** A parent-linked chain of three checkpoints (steps 0, 1, 2) on a fresh thread. */
async function chainOfThree(ctx: SpecContext, ns: string) {
  const { configs, threadIds } = await putTestCheckpoints(ctx.saver, { nCheckpoints: 3, namespaces: [ns], threadPrefix: "gt" });
  const ids = configs.map((c) => c.configurable?.checkpoint_id as string);
  return { threadId: threadIds[0], configs, ids };
}

/**
 * Checks one part of the stored checkpoint's tuple read both ways a caller can:
 * by the config put returned, then as the latest of its thread and namespace.
 */
async function expectByIdAndLatest(
  ctx: SpecContext,
  stored: { config: RunnableConfig; threadId: string; ns: string },
  part: (tuple: CheckpointTuple | undefined) => unknown,
  expected: unknown,
  clauses: { byId: string; latest: string },
): Promise<void> {
  expectEqual(part(await ctx.saver.getTuple(stored.config)), expected, clauses.byId);
  expectEqual(part(await ctx.saver.getTuple(generateConfig(stored.threadId, stored.ns))), expected, clauses.latest);
}

function exactConfig(threadId: string, ns: string, checkpointId: string): RunnableConfig {
  return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } };
}

const tests: SpecTest[] = [
  {
    name: "test_get_tuple_nonexistent_returns_none",
    ids: ["GT-01"],
    description: "getTuple on a thread that has no checkpoint resolves to undefined",
    async run(ctx) {
      const tuple = await expectResolves(
        () => ctx.saver.getTuple(generateConfig(ctx.threadId())),
        "getTuple on an unknown thread must resolve, not reject",
      );
      expectUndefined(tuple, "getTuple on an unknown thread must resolve to undefined");
    },
  },
  {
    name: "test_get_tuple_latest_when_no_checkpoint_id",
    ids: ["GT-02"],
    description: "without checkpoint_id getTuple returns the latest checkpoint, with its own config, parent and writes",
    needsHistory: true,
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const { threadId, configs, ids } = await chainOfThree(ctx, ns);
        await ctx.saver.putWrites(configs[1], [["ch", "older"]], "t-older");
        await ctx.saver.putWrites(configs[2], [["ch", "latest"]], "t-latest");
        const tuple = await ctx.saver.getTuple(generateConfig(threadId, ns));
        expectDefined(tuple, `getTuple({thread_id, checkpoint_ns}) must find the latest checkpoint (${nsLabel(ns)})`);
        expectSame(tuple.checkpoint.id, ids[2], `without checkpoint_id, getTuple must return the latest checkpoint (${nsLabel(ns)})`);
        expectSame(tuple.metadata?.step, 2, `the latest checkpoint's metadata must come with it (step 2) (${nsLabel(ns)})`);
        expectEqual(
          tuple.config,
          exactConfig(threadId, ns, ids[2]),
          `tuple.config must name the checkpoint found: {thread_id, checkpoint_ns, checkpoint_id} (${nsLabel(ns)})`,
        );
        expectEqual(
          tuple.parentConfig,
          exactConfig(threadId, ns, ids[1]),
          `tuple.parentConfig must be the latest checkpoint's parent (${nsLabel(ns)})`,
        );
        expectEqual(
          tuple.pendingWrites,
          [["t-latest", "ch", "latest"]],
          `tuple.pendingWrites must be the latest checkpoint's own writes (${nsLabel(ns)})`,
        );
      }
    },
  },
  {
    name: "test_get_tuple_latest_is_greatest_checkpoint_id",
    ids: ["GT-02"],
    methods: ["IM-getTuple-latest-by-insertion"],
    description: '"latest" is the greatest checkpoint_id of the thread and namespace, not the last one put',
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const older = generateCheckpoint();
      const newer = generateCheckpoint();
      await ctx.saver.put(generateConfig(threadId), newer, generateMetadata("loop", 1), {});
      await ctx.saver.put(generateConfig(threadId), older, generateMetadata("loop", 0), {});
      const tuple = await ctx.saver.getTuple(generateConfig(threadId));
      expectSame(
        tuple?.checkpoint.id,
        newer.id,
        "the latest checkpoint is the one with the greatest checkpoint_id (ids are time-ordered uuid6), even when it was put first",
      );
    },
  },
  {
    name: "test_get_tuple_specific_checkpoint_id",
    ids: ["GT-03"],
    description: "with a checkpoint_id getTuple returns exactly that checkpoint, not the latest",
    needsHistory: true,
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const { configs, ids } = await chainOfThree(ctx, ns);
        for (const [i, config] of configs.entries()) {
          const tuple = await ctx.saver.getTuple(config);
          expectSame(
            tuple?.checkpoint.id,
            ids[i],
            `getTuple(config of checkpoint ${i + 1} of 3) must return that checkpoint (${nsLabel(ns)})`,
          );
          expectSame(
            tuple?.metadata?.step,
            i,
            `getTuple(config of checkpoint ${i + 1} of 3) must return that checkpoint's metadata (${nsLabel(ns)})`,
          );
        }
      }
    },
  },
  {
    name: "test_get_tuple_config_structure",
    ids: ["GT-04"],
    description: "tuple.config is exactly {thread_id, checkpoint_ns, checkpoint_id} of the checkpoint",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const threadId = ctx.threadId();
        const stored = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: ns });
        await expectByIdAndLatest(
          ctx,
          { config: stored, threadId, ns },
          (t) => t?.config,
          exactConfig(threadId, ns, stored.configurable?.checkpoint_id as string),
          {
            byId: `getTuple(config put returned).config must be {configurable: {thread_id, checkpoint_ns, checkpoint_id}} (${nsLabel(ns)})`,
            latest: `getTuple({thread_id, checkpoint_ns}).config must name the checkpoint found (${nsLabel(ns)})`,
          },
        );
      }
    },
  },
  {
    name: "test_get_tuple_checkpoint_fields",
    ids: ["GT-05"],
    description: "the tuple's checkpoint has its id, v, ts, channel_values, channel_versions and versions_seen",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const checkpoint = generateCheckpoint({ channelValues: { k: "v" }, channelVersions: { k: 1 }, versionsSeen: { node: { k: 1 } } });
        const stored = await putTestCheckpoint(ctx.saver, {
          threadId: ctx.threadId(),
          checkpointNs: ns,
          checkpoint,
          newVersions: { k: 1 },
        });
        const tuple = await ctx.saver.getTuple(stored);
        expectDefined(tuple, `getTuple(config put returned) must find the checkpoint (${nsLabel(ns)})`);
        const read = tuple.checkpoint;
        expectSame(read.id, checkpoint.id, `checkpoint.id must be the id put (${nsLabel(ns)})`);
        expectSame(read.v, CHECKPOINT_V, `checkpoint.v must be the format version put (${nsLabel(ns)})`);
        expectTrue(typeof read.ts === "string" && read.ts.length > 0, `checkpoint.ts must be a non-empty string (${nsLabel(ns)})`, [
          `read back: ${JSON.stringify(read.ts)}`,
        ]);
        expectEqual(read.channel_values, { k: "v" }, `checkpoint.channel_values must be the values put (${nsLabel(ns)})`);
        expectEqual(read.channel_versions, { k: 1 }, `checkpoint.channel_versions must be present and as put (${nsLabel(ns)})`, {
          looseNumbers: true,
        });
        expectEqual(read.versions_seen, { node: { k: 1 } }, `checkpoint.versions_seen must be present and as put (${nsLabel(ns)})`, {
          looseNumbers: true,
        });
      }
    },
  },
  {
    name: "test_get_tuple_metadata",
    ids: ["GT-06", "JS-09"],
    description: "the tuple's metadata is the metadata put, by id and as the latest",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const threadId = ctx.threadId();
        const metadata = generateMetadata("input", -1, { writes: { __start__: { question: "hi" } } });
        const stored = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: ns, metadata });
        await expectByIdAndLatest(ctx, { config: stored, threadId, ns }, (t) => t?.metadata, metadata, {
          byId: `getTuple(config put returned).metadata must be the metadata put, unmodified (${nsLabel(ns)})`,
          latest: `getTuple({thread_id, checkpoint_ns}).metadata must be the metadata put, unmodified (${nsLabel(ns)})`,
        });
      }
    },
  },
  {
    name: "test_get_tuple_parent_config",
    ids: ["GT-07"],
    methods: ["IM-getTuple-parent-config"],
    description: "a first checkpoint has no parentConfig; a child's is {thread_id, checkpoint_ns, parent's checkpoint_id}",
    needsHistory: true,
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const threadId = ctx.threadId();
        const parent = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: ns });
        const child = await putTestCheckpoint(ctx.saver, {
          threadId,
          checkpointNs: ns,
          parentConfig: parent,
          metadata: generateMetadata("loop", 1),
        });
        const first = await ctx.saver.getTuple(parent);
        expectDefined(first, `getTuple must find the first checkpoint (${nsLabel(ns)})`);
        expectUndefined(
          first.parentConfig,
          `a checkpoint put without checkpoint_id in its config has parentConfig undefined (${nsLabel(ns)})`,
        );
        const second = await ctx.saver.getTuple(child);
        expectEqual(
          second?.parentConfig,
          exactConfig(threadId, ns, parent.configurable?.checkpoint_id as string),
          `a child's parentConfig must be a full config {thread_id, checkpoint_ns, checkpoint_id: parent id}, usable with getTuple (${nsLabel(ns)})`,
        );
      }
    },
  },
  {
    name: "test_get_tuple_pending_writes",
    ids: ["GT-08"],
    description: "the tuple carries the checkpoint's pending writes, including a TASKS write, by id and as the latest",
    async run(ctx) {
      for (const ns of ROOT_AND_CHILD) {
        const threadId = ctx.threadId();
        const stored = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: ns });
        await ctx.saver.putWrites(stored, [["ch", "val"]], "t1");
        await ctx.saver.putWrites(stored, [[TASKS, "send-1"]], "t2");
        await expectByIdAndLatest(
          ctx,
          { config: stored, threadId, ns },
          (t) => t?.pendingWrites,
          [
            ["t1", "ch", "val"],
            ["t2", TASKS, "send-1"],
          ],
          {
            byId: `getTuple(config put returned).pendingWrites must be the writes stored, as [taskId, channel, value] (${nsLabel(ns)})`,
            latest: `getTuple({thread_id, checkpoint_ns}).pendingWrites must be the latest checkpoint's writes (${nsLabel(ns)})`,
          },
        );
      }
    },
  },
  {
    name: "test_get_tuple_respects_namespace",
    ids: ["GT-09"],
    methods: ["IM-getTuple-namespace-scope"],
    description: "lookups by id and latest lookups stay inside the namespace asked for",
    async run(ctx) {
      const threadId = ctx.threadId();
      const root = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: "" });
      const child = await putTestCheckpoint(ctx.saver, { threadId, checkpointNs: "child:1" });
      const rootId = root.configurable?.checkpoint_id as string;
      const childId = child.configurable?.checkpoint_id as string;
      expectSame(
        (await ctx.saver.getTuple(root))?.checkpoint.id,
        rootId,
        "getTuple(root config) must return the root-namespace checkpoint",
      );
      expectSame(
        (await ctx.saver.getTuple(child))?.checkpoint.id,
        childId,
        'getTuple("child:1" config) must return the child-namespace checkpoint',
      );
      const rootLatest = await ctx.saver.getTuple(generateConfig(threadId, ""));
      expectSame(
        rootLatest?.checkpoint.id,
        rootId,
        'the latest of namespace "" must be the root checkpoint, though a newer one exists in "child:1"',
      );
      const childLatest = await ctx.saver.getTuple(generateConfig(threadId, "child:1"));
      expectSame(childLatest?.checkpoint.id, childId, 'the latest of namespace "child:1" must be the child checkpoint');
      const crossed = await ctx.saver.getTuple(generateConfig(threadId, "child:1", rootId));
      expectUndefined(
        crossed,
        'getTuple({thread_id, checkpoint_ns: "child:1", checkpoint_id: <root id>}) must not find a checkpoint of another namespace',
      );
    },
  },
  {
    name: "test_get_tuple_nonexistent_checkpoint_id",
    ids: ["GT-10"],
    methods: ["IM-getTuple-unknown-id-falls-back"],
    description: "an unknown checkpoint_id on a known thread gives undefined, not the latest",
    async run(ctx) {
      const threadId = ctx.threadId();
      await putTestCheckpoint(ctx.saver, { threadId });
      const unknownId = generateCheckpoint().id;
      const tuple = await ctx.saver.getTuple(generateConfig(threadId, "", unknownId));
      expectUndefined(
        tuple,
        "getTuple with a checkpoint_id that was never stored must resolve to undefined, never fall back to the latest",
      );
    },
  },
  {
    name: "test_get_tuple_without_thread_id_returns_undefined",
    ids: ["JS-06"],
    description: "getTuple without a thread_id resolves to undefined (reads are lenient, writes strict)",
    async run(ctx) {
      await putTestCheckpoint(ctx.saver, { threadId: ctx.threadId() });
      for (const ns of ROOT_AND_CHILD) {
        const tuple = await expectResolves(
          () => ctx.saver.getTuple({ configurable: { checkpoint_ns: ns } }),
          `getTuple({configurable: {checkpoint_ns}}) (no thread_id) must resolve, not reject (${nsLabel(ns)})`,
        );
        expectUndefined(tuple, `getTuple without thread_id must resolve to undefined, not a checkpoint of some thread (${nsLabel(ns)})`);
      }
    },
  },
  {
    name: "test_get_returns_tuple_checkpoint",
    ids: ["JS-11"],
    description: "get(config) is (await getTuple(config))?.checkpoint: the checkpoint asked for, or undefined",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const parent = await putTestCheckpoint(ctx.saver, { threadId, channelValues: { k: "parent" } });
      await putTestCheckpoint(ctx.saver, {
        threadId,
        parentConfig: parent,
        channelValues: { k: "child" },
        channelVersions: { k: 2 },
        metadata: generateMetadata("loop", 1),
      });
      const viaTuple = (await ctx.saver.getTuple(parent))?.checkpoint;
      expectDefined(viaTuple, "getTuple must find the parent checkpoint");
      expectEqual(
        await ctx.saver.get(parent),
        viaTuple,
        "get(config of an older checkpoint) must return the same checkpoint as getTuple(config).checkpoint",
      );
      expectEqual(
        await ctx.saver.get(generateConfig(threadId)),
        (await ctx.saver.getTuple(generateConfig(threadId)))?.checkpoint,
        "get({thread_id, checkpoint_ns}) must return the latest checkpoint, like getTuple",
      );
      expectUndefined(await ctx.saver.get(generateConfig(ctx.threadId())), "get() on an unknown thread must resolve to undefined");
    },
  },
  {
    name: "test_get_tuple_migrates_pending_sends",
    ids: ["JS-12"],
    description: "a v<4 checkpoint with a parent gains __pregel_tasks from the parent's TASKS writes",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const legacy = (): Checkpoint => ({ ...generateCheckpoint(), v: 1 });
      const first = await ctx.saver.put(generateConfig(threadId), legacy(), generateMetadata("loop", 0), {});
      await ctx.saver.putWrites(
        first,
        [
          [TASKS, "send-1"],
          [TASKS, "send-2"],
        ],
        "task-1",
      );
      await ctx.saver.putWrites(first, [[TASKS, "send-3"]], "task-2");
      const before = await ctx.saver.getTuple(first);
      expectDefined(before, "getTuple must find the v1 checkpoint");
      expectEqual(
        before.checkpoint.channel_values,
        {},
        "a v1 checkpoint without a parent reads back with its own (empty) channel_values: its pending sends belong to the next checkpoint",
      );
      expectEqual(
        before.checkpoint.channel_versions,
        {},
        "a v1 checkpoint without a parent reads back with its own (empty) channel_versions",
      );
      const second = await ctx.saver.put(first, legacy(), generateMetadata("loop", 1), {});
      const migrated = await ctx.saver.getTuple(second);
      expectDefined(migrated, "getTuple must find the v1 child checkpoint");
      expectEqual(
        migrated.checkpoint.channel_values,
        { [TASKS]: ["send-1", "send-2", "send-3"] },
        `a v<4 checkpoint with a parent must read back with channel_values.${TASKS} = the parent's ${TASKS} writes (pending sends migration)`,
      );
      expectDefined(migrated.checkpoint.channel_versions[TASKS], `the migrated checkpoint must have channel_versions.${TASKS}`);
    },
  },
];

export const getTupleSpec: CapabilitySpec = { capability: "get_tuple", tests };
