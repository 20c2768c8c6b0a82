import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError, expectDefined, expectEqual, expectLength, expectSame } from "../../../assert.js";
import { asExtendedSaver } from "../extended-saver.js";
import { generateConfig, generateMetadata, putCheckpointChain } from "../../../test-utils.js";
import { buildDeltaChain } from "./delta-fixtures.js";
import { expectThreadUnchanged, NAMESPACES, nsLabel, wholeThread } from "./extended-helpers.js";
import { expectLatestListedBefore, expectListedBefore, idsOf, listAll } from "./helpers.js";
import { precondition } from "./precondition.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

/**
 * `n` chained checkpoints per namespace on `threadId`, values `{ step: i }` at
 * version i+1 (not Python's shared version 1, which lets blob savers read the
 * last value everywhere), metadata step i plus a custom key. Oldest first.
 * Precondition: list() yields each namespace's latest (a list problem is not
 * blamed on copyThread).
 */
async function putSourceThread(
  saver: BaseCheckpointSaver,
  threadId: string,
  n = 3,
  namespaces: readonly string[] = [""],
): Promise<RunnableConfig[]> {
  const stored: RunnableConfig[] = [];
  for (const ns of namespaces) {
    const each = (i: number) => ({
      channelValues: { step: i },
      channelVersions: { step: i + 1 },
      metadata: generateMetadata("loop", i, { label: `step-${i}`, score: i * 10 }),
    });
    const chain = await putCheckpointChain(saver, { threadId, checkpointNs: ns, length: n, each });
    await expectLatestListedBefore(
      saver,
      generateConfig(threadId, ns),
      chain[chain.length - 1].configurable?.checkpoint_id,
      "before copyThread",
    );
    stored.push(...chain);
  }
  return stored;
}

async function copy(ctx: SpecContext, source: string, target: string): Promise<void> {
  await asExtendedSaver(ctx.saver).copyThread(source, target);
}

/** A source thread built by {@link putSourceThread}, copied to a fresh target thread. */
async function copiedSourceThread(ctx: SpecContext, n?: number, namespaces?: readonly string[]): Promise<{ src: string; dst: string }> {
  const [src, dst] = [ctx.threadId("src"), ctx.threadId("dst")];
  await putSourceThread(ctx.saver, src, n, namespaces);
  await copy(ctx, src, dst);
  return { src, dst };
}

function byId(tuples: readonly CheckpointTuple[]): CheckpointTuple[] {
  return [...tuples].sort((a, b) => (a.checkpoint.id < b.checkpoint.id ? -1 : a.checkpoint.id > b.checkpoint.id ? 1 : 0));
}

function pair(src: readonly CheckpointTuple[], dst: readonly CheckpointTuple[], what: string): [CheckpointTuple, CheckpointTuple][] {
  expectSame(dst.length, src.length, `copyThread must copy every checkpoint: the target must list as many ${what} as the source`);
  const sorted = byId(dst);
  return byId(src).map((s, i) => [s, sorted[i]]);
}

const tests: SpecTest[] = [
  {
    name: "test_copy_thread_basic",
    ids: ["CT-01"],
    description: "after copyThread(src, dst), list(dst) yields the 3 copied checkpoints",
    needsHistory: true,
    async run(ctx) {
      const [src, dst] = [ctx.threadId("src"), ctx.threadId("dst")];
      await putSourceThread(ctx.saver, src);
      await expectListedBefore(ctx.saver, generateConfig(src), 3, "before copyThread");
      await copy(ctx, src, dst);
      expectLength(
        await listAll(ctx.saver, generateConfig(dst)),
        3,
        "after copyThread(src, dst) of a 3-checkpoint thread, list(dst) must yield 3 checkpoints",
      );
    },
  },
  {
    name: "test_copy_thread_all_checkpoints",
    ids: ["CT-02"],
    methods: ["IM-copyThread-what-is-copied"],
    description: "every checkpoint is copied, not just the latest, with its channel_values",
    async run(ctx) {
      const { src, dst } = await copiedSourceThread(ctx);
      const pairs = pair(await listAll(ctx.saver, generateConfig(src)), await listAll(ctx.saver, generateConfig(dst)), "checkpoints");
      for (const [s, d] of pairs) {
        expectEqual(
          d.checkpoint.channel_values,
          s.checkpoint.channel_values,
          `the copy of checkpoint ${s.checkpoint.id} must have its channel_values (paired by sorted checkpoint id)`,
        );
      }
    },
  },
  {
    name: "test_copy_thread_preserves_metadata",
    ids: ["CT-03"],
    description: "every metadata key of each source checkpoint reads back equal on its copy",
    async run(ctx) {
      const { src, dst } = await copiedSourceThread(ctx, 2);
      const step = (t: CheckpointTuple) => Number(t.metadata?.step ?? 0);
      const srcTuples = (await listAll(ctx.saver, generateConfig(src))).sort((a, b) => step(a) - step(b));
      const dstTuples = (await listAll(ctx.saver, generateConfig(dst))).sort((a, b) => step(a) - step(b));
      expectSame(dstTuples.length, srcTuples.length, "copyThread must copy every checkpoint (counting the target's)");
      srcTuples.forEach((s, i) => {
        for (const [key, value] of Object.entries(s.metadata ?? {})) {
          expectEqual(
            (dstTuples[i].metadata as Record<string, unknown> | undefined)?.[key],
            value,
            `the copy of the step-${step(s)} checkpoint must keep metadata.${key} (paired by metadata.step)`,
          );
        }
      });
    },
  },
  {
    name: "test_copy_thread_preserves_namespaces",
    ids: ["CT-04"],
    description: "the root and a child namespace are both copied, one checkpoint each",
    async run(ctx) {
      const { dst } = await copiedSourceThread(ctx, 1, ["", "child:1"]);
      for (const ns of ["", "child:1"]) {
        expectLength(
          await listAll(ctx.saver, generateConfig(dst, ns)),
          1,
          `after copyThread, list(dst, ${nsLabel(ns)}) must yield the 1 checkpoint the source has in that namespace`,
        );
      }
    },
  },
  {
    name: "test_copy_thread_preserves_writes",
    ids: ["CT-05"],
    methods: ["IM-copyThread-what-is-copied"],
    description: "the pending write of the source checkpoint is copied with its task id, channel and value",
    async run(ctx) {
      const [src, dst] = [ctx.threadId("src"), ctx.threadId("dst")];
      const [stored] = await putSourceThread(ctx.saver, src, 1);
      const taskId = randomUUID();
      await ctx.saver.putWrites(stored, [["ch", "write_val"]], taskId);
      await copy(ctx, src, dst);
      const tuple = await ctx.saver.getTuple(generateConfig(dst));
      expectDefined(tuple, 'after copyThread, getTuple({thread_id: dst, checkpoint_ns: ""}) must find the copied checkpoint');
      expectEqual(
        tuple.pendingWrites,
        [[taskId, "ch", "write_val"]],
        "copyThread must copy pending writes: the copy must have the source's 1 write [taskId, channel, value]",
      );
      // EXT: task paths order these writes against their task ids; a copy that drops the paths reorders them.
      const [pathSrc, pathDst] = [ctx.threadId("src"), ctx.threadId("dst")];
      const [withPaths] = await putSourceThread(ctx.saver, pathSrc, 1);
      await ctx.saver.putWrites(withPaths, [["ch", "from-task-b"]], "task-b", "~0");
      await ctx.saver.putWrites(withPaths, [["ch", "from-task-a"]], "task-a", "~1");
      await copy(ctx, pathSrc, pathDst);
      const [source, copied] = [await ctx.saver.getTuple(generateConfig(pathSrc)), await ctx.saver.getTuple(generateConfig(pathDst))];
      expectEqual(
        copied?.pendingWrites,
        source?.pendingWrites,
        'copyThread must keep each write\'s task path: the copy\'s pendingWrites must come back in the source\'s order (task-b with path "~0" before task-a with path "~1"; without the paths they sort by task id)',
      );
    },
  },
  {
    name: "test_copy_thread_preserves_ordering",
    ids: ["CT-06"],
    methods: ["IM-copyThread-what-is-copied"],
    description: "list(dst) yields the same checkpoint ids as list(src), in the same order (ids are kept)",
    async run(ctx) {
      const { src, dst } = await copiedSourceThread(ctx, 4);
      const [srcTuples, dstTuples] = [await listAll(ctx.saver, generateConfig(src)), await listAll(ctx.saver, generateConfig(dst))];
      const configIds = (tuples: CheckpointTuple[]) => tuples.map((t) => t.config.configurable?.checkpoint_id);
      expectEqual(
        configIds(dstTuples),
        configIds(srcTuples),
        "copyThread must keep checkpoint ids (not regenerate them): list(dst) must yield the config.configurable.checkpoint_id values of list(src), in the same order",
      );
      expectEqual(
        idsOf(dstTuples),
        idsOf(srcTuples),
        "copyThread must keep checkpoint ids: each copy's checkpoint.id must be its source's, in the same order",
      );
    },
  },
  {
    name: "test_copy_thread_source_unchanged",
    ids: ["CT-07"],
    description: "the source thread reads back identical after the copy: ids, values, metadata and writes",
    async run(ctx) {
      const [src, dst] = [ctx.threadId("src"), ctx.threadId("dst")];
      const stored = await putSourceThread(ctx.saver, src, 2, ["", "child:1"]);
      for (const config of stored) await ctx.saver.putWrites(config, [["ch", "w"]], randomUUID());
      await expectThreadUnchanged(
        ctx.saver,
        src,
        () => copy(ctx, src, dst),
        "copyThread must not alter the source thread (its checkpoints, metadata, parents and pending writes)",
      );
    },
  },
  {
    name: "test_copy_thread_nonexistent_source",
    ids: ["CT-08"],
    description: "copying a thread that does not exist may resolve or reject, but leaves the target empty",
    async run(ctx) {
      const [src, dst] = [ctx.threadId("missing"), ctx.threadId("dst")];
      try {
        await copy(ctx, src, dst);
      } catch (error) {
        // Rejecting an unknown source is allowed (CT-08); a method that is not implemented at all is not.
        if (error instanceof Error && /not\s*implemented/i.test(error.message)) throw error;
      }
      expectLength(
        await listAll(ctx.saver, wholeThread(dst)),
        0,
        "copyThread(unknown source, dst) must not create anything on dst: list(dst) must yield nothing",
      );
    },
  },
  {
    name: "test_copy_thread_preserves_parent_chain",
    ids: ["CT-09"],
    methods: ["IM-copyThread-what-is-copied"],
    description: "each copy belongs to dst and its parentConfig names dst, its namespace and the same parent",
    async run(ctx) {
      const { src, dst } = await copiedSourceThread(ctx, 3, ["", "child:1"]);
      const pairs = pair(
        await listAll(ctx.saver, wholeThread(src)),
        await listAll(ctx.saver, wholeThread(dst)),
        "checkpoints (all namespaces)",
      );
      for (const [s, d] of pairs) {
        const id = s.checkpoint.id;
        const ns = s.config.configurable?.checkpoint_ns ?? "";
        expectSame(
          d.config.configurable?.thread_id,
          dst,
          `the copy of ${id} must be listed with config.configurable.thread_id = the target thread`,
        );
        expectSame(d.config.configurable?.checkpoint_ns ?? "", ns, `the copy of ${id} must stay in its namespace`);
        const srcParent = s.parentConfig?.configurable?.checkpoint_id;
        if (srcParent === undefined) {
          expectSame(d.parentConfig, undefined, `the copy of ${id} (a root in the source) must have no parentConfig`);
          continue;
        }
        const parent = d.parentConfig?.configurable;
        expectEqual(
          { thread_id: parent?.thread_id, checkpoint_ns: parent?.checkpoint_ns ?? "", checkpoint_id: parent?.checkpoint_id },
          { thread_id: dst, checkpoint_ns: ns, checkpoint_id: srcParent },
          `the copy of ${id} must keep its parent link: parentConfig must name the target thread, the same namespace and the same parent id`,
        );
        const found = await ctx.saver.getTuple(d.parentConfig!);
        expectSame(
          found?.checkpoint.id,
          srcParent,
          `getTuple(parentConfig of the copy of ${id}) must find the copied parent on the target thread`,
        );
      }
    },
  },
  {
    name: "test_copy_thread_preserves_delta_history",
    ids: ["CT-10"],
    needsHistory: true,
    requires: ["delta_channel_history"],
    description: "getDeltaChannelHistory of the copied head equals the source's (same seed, writes, task ids)",
    async run(ctx) {
      for (const ns of NAMESPACES) {
        const [src, dst] = [ctx.threadId("src"), ctx.threadId("dst")];
        const chain = await buildDeltaChain(ctx.saver, {
          threadId: src,
          checkpointNs: ns,
          channel: "ch",
          snapshotsAtSteps: [0, 3],
          totalSteps: 6,
        });
        const head = chain[chain.length - 1];
        const expected = await ctx.saver.getDeltaChannelHistory({ config: head, channels: ["ch"] });
        await precondition(
          "delta_channel_history",
          `getDeltaChannelHistory on the source returns its writes (${nsLabel(ns)})`,
          async () => {
            if (!(expected.ch?.writes.length > 0)) {
              throw new ConformanceError(`getDeltaChannelHistory on the source must return writes (${nsLabel(ns)})`, {
                expected: "writes [4] and a seed",
                actual: expected,
              });
            }
          },
        );
        await copy(ctx, src, dst);
        const copiedHead = { configurable: { ...head.configurable, thread_id: dst } };
        const actual = await ctx.saver.getDeltaChannelHistory({ config: copiedHead, channels: ["ch"] });
        expectEqual(
          actual,
          expected,
          `copyThread must copy the whole parent chain and its writes: delta history of the copied head (${nsLabel(ns)}) must equal the source's`,
        );
      }
    },
  },
];

export const copyThreadSpec: CapabilitySpec = { capability: "copy_thread", tests };
