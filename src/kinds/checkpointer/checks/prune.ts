import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, expectLength, expectRejects } from "../../../assert.js";
import { asExtendedSaver, type PruneStrategy } from "../extended-saver.js";
import { generateCheckpoint, generateConfig, generateMetadata, putCheckpointChain } from "../../../test-utils.js";
import { buildDeltaChain } from "./delta-fixtures.js";
import { expectThreadUnchanged, NAMESPACES, nsLabel, wholeThread } from "./extended-helpers.js";
import { expectLatestListedBefore, idsOf, listAll } from "./helpers.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

/** `n` chained empty checkpoints on (thread, ns); oldest first, so the last is the latest. Precondition: list() yields that latest. */
async function putThread(saver: BaseCheckpointSaver, threadId: string, n: number, ns = ""): Promise<RunnableConfig[]> {
  const stored = await putCheckpointChain(saver, { threadId, checkpointNs: ns, length: n });
  await expectLatestListedBefore(
    saver,
    generateConfig(threadId, ns),
    stored[stored.length - 1].configurable?.checkpoint_id,
    "before prune",
  );
  return stored;
}

function prune(ctx: SpecContext, threadIds: string[], strategy?: PruneStrategy | string): Promise<void> {
  const saver = asExtendedSaver(ctx.saver);
  return strategy === undefined ? saver.prune(threadIds) : saver.prune(threadIds, { strategy: strategy as PruneStrategy });
}

async function expectOnlyLatest(
  ctx: SpecContext,
  threadId: string,
  stored: readonly RunnableConfig[],
  ns: string,
  clause: string,
): Promise<void> {
  const latest = stored[stored.length - 1].configurable?.checkpoint_id;
  expectEqual(idsOf(await listAll(ctx.saver, generateConfig(threadId, ns))), [latest], clause);
}

const tests: SpecTest[] = [
  {
    name: "test_prune_keep_latest_single_thread",
    ids: ["PR-01"],
    description: "keep_latest leaves exactly the last checkpoint put on the thread",
    async run(ctx) {
      const threadId = ctx.threadId();
      const stored = await putThread(ctx.saver, threadId, 4);
      await prune(ctx, [threadId], "keep_latest");
      await expectOnlyLatest(
        ctx,
        threadId,
        stored,
        "",
        'prune([T], {strategy: "keep_latest"}) must leave exactly one checkpoint on T: the latest (greatest checkpoint_id)',
      );
    },
  },
  {
    name: "test_prune_keep_latest_multiple_threads",
    ids: ["PR-02"],
    methods: ["IM-prune-scope"],
    description: "keep_latest on two threads leaves each its own latest checkpoint",
    async run(ctx) {
      const [t1, t2] = [ctx.threadId("t1"), ctx.threadId("t2")];
      const stored1 = await putThread(ctx.saver, t1, 3);
      const stored2 = await putThread(ctx.saver, t2, 2);
      await prune(ctx, [t1, t2], "keep_latest");
      await expectOnlyLatest(ctx, t1, stored1, "", "prune([T1, T2], keep_latest) must leave exactly T1's latest checkpoint on T1");
      await expectOnlyLatest(ctx, t2, stored2, "", "prune([T1, T2], keep_latest) must leave exactly T2's latest checkpoint on T2");
    },
  },
  {
    name: "test_prune_keep_latest_across_namespaces",
    ids: ["PR-03"],
    methods: ["IM-prune-scope"],
    description: "keep_latest keeps the latest checkpoint of each namespace, root and child",
    async run(ctx) {
      const threadId = ctx.threadId();
      const root = await putThread(ctx.saver, threadId, 3, "");
      const child = await putThread(ctx.saver, threadId, 2, "child:1");
      await prune(ctx, [threadId], "keep_latest");
      await expectOnlyLatest(ctx, threadId, root, "", "keep_latest must keep exactly the latest checkpoint of the root namespace");
      await expectOnlyLatest(
        ctx,
        threadId,
        child,
        "child:1",
        'keep_latest must keep exactly the latest checkpoint of ns "child:1" too (latest per namespace, not per thread)',
      );
    },
  },
  {
    name: "test_prune_keep_latest_preserves_writes",
    ids: ["PR-04"],
    methods: ["IM-prune-scope"],
    description: "the kept checkpoint keeps its pending write",
    async run(ctx) {
      const threadId = ctx.threadId();
      const stored = await putThread(ctx.saver, threadId, 3);
      const taskId = randomUUID();
      await ctx.saver.putWrites(stored[stored.length - 1], [["ch", "val"]], taskId);
      await prune(ctx, [threadId], "keep_latest");
      const tuple = await ctx.saver.getTuple(generateConfig(threadId));
      expectDefined(tuple, 'after keep_latest, getTuple({thread_id: T, checkpoint_ns: ""}) must find the kept checkpoint');
      expectEqual(tuple.pendingWrites, [[taskId, "ch", "val"]], "keep_latest must keep the pending writes of the kept checkpoint");
    },
  },
  {
    name: "test_prune_keep_latest_by_id_keeps_writes_of_every_namespace",
    ids: ["PR-11"],
    methods: ["IM-prune-newest-by-insertion", "IM-prune-scope"],
    description:
      "keep_latest keeps the greatest id even when an older id was put after it, and the writes of each namespace's kept checkpoint",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const [child, older, newest] = [generateCheckpoint(), generateCheckpoint(), generateCheckpoint()].sort((a, b) =>
        a.id < b.id ? -1 : 1,
      );
      // Put order differs from id order: the root's greatest id first, an older id after it (a fork, a copy, a migration).
      const childConfig = await ctx.saver.put(generateConfig(threadId, "child:1"), child, generateMetadata("loop", 0), {});
      const newestConfig = await ctx.saver.put(generateConfig(threadId), newest, generateMetadata("loop", 2), {});
      await ctx.saver.put(generateConfig(threadId), older, generateMetadata("loop", 1), {});
      await Promise.all([
        ctx.saver.putWrites(childConfig, [["ch", "child's"]], "task-c"),
        ctx.saver.putWrites(newestConfig, [["ch", "root's"]], "task-r"),
      ]);
      await prune(ctx, [threadId], "keep_latest");
      expectEqual(
        idsOf(await listAll(ctx.saver, generateConfig(threadId, ""))),
        [newest.id],
        "keep_latest must keep the root's greatest checkpoint_id, not the checkpoint put last (row or insertion order is not checkpoint order)",
      );
      const [root, kid] = await Promise.all([
        ctx.saver.getTuple(generateConfig(threadId)),
        ctx.saver.getTuple(generateConfig(threadId, "child:1")),
      ]);
      expectEqual(
        root?.pendingWrites,
        [["task-r", "ch", "root's"]],
        "keep_latest must keep the pending writes of the root's kept checkpoint",
      );
      expectDefined(kid, 'keep_latest must keep the latest checkpoint of ns "child:1"');
      expectEqual(
        kid.pendingWrites,
        [["task-c", "ch", "child's"]],
        "keep_latest must keep the pending writes of ns \"child:1\"'s kept checkpoint, though its id is older than the root's latest (the latest is per namespace)",
      );
    },
  },
  {
    name: "test_prune_delete_all",
    ids: ["PR-05"],
    description: 'strategy "delete" removes every checkpoint of the thread, in every namespace',
    async run(ctx) {
      const threadId = ctx.threadId();
      await putThread(ctx.saver, threadId, 3, "");
      await putThread(ctx.saver, threadId, 2, "child:1");
      await prune(ctx, [threadId], "delete");
      expectLength(
        await listAll(ctx.saver, wholeThread(threadId)),
        0,
        'prune([T], {strategy: "delete"}) must leave nothing on T (no namespace)',
      );
    },
  },
  {
    name: "test_prune_preserves_other_threads",
    ids: ["PR-06"],
    description: "a thread not listed keeps every checkpoint",
    async run(ctx) {
      const [t1, t2] = [ctx.threadId("t1"), ctx.threadId("t2")];
      await putThread(ctx.saver, t1, 3);
      await putThread(ctx.saver, t2, 2);
      await expectThreadUnchanged(
        ctx.saver,
        t2,
        () => prune(ctx, [t1], "keep_latest"),
        "prune([T1]) must leave thread T2 (not listed) exactly as it was",
      );
    },
  },
  {
    name: "test_prune_empty_list_noop",
    ids: ["PR-07"],
    description: "prune([]) resolves and changes nothing",
    async run(ctx) {
      const threadId = ctx.threadId();
      await putThread(ctx.saver, threadId, 2);
      await expectThreadUnchanged(
        ctx.saver,
        threadId,
        () => prune(ctx, [], "keep_latest"),
        "prune([]) must be a no-op: an empty list selects no thread, not every thread",
      );
    },
  },
  {
    name: "test_prune_nonexistent_noop",
    ids: ["PR-08"],
    description: "prune([unknown thread]) resolves and changes nothing",
    async run(ctx) {
      const threadId = ctx.threadId();
      await putThread(ctx.saver, threadId, 2);
      await expectThreadUnchanged(
        ctx.saver,
        threadId,
        () => prune(ctx, [ctx.threadId("missing")], "keep_latest"),
        "prune([a thread that does not exist]) must resolve and change nothing else",
      );
    },
  },
  {
    name: "test_prune_default_strategy_keeps_latest",
    ids: ["PR-09"],
    description: "prune([T]) with no options behaves as keep_latest (Python's default)",
    async run(ctx) {
      const threadId = ctx.threadId();
      const stored = await putThread(ctx.saver, threadId, 3);
      await prune(ctx, [threadId]);
      await expectOnlyLatest(
        ctx,
        threadId,
        stored,
        "",
        "prune([T]) without options must default to keep_latest: exactly the latest checkpoint stays",
      );
    },
  },
  {
    name: "test_prune_rejects_unknown_strategy",
    ids: ["PR-09"],
    advisory: true,
    advisoryReason: "catalog PR-09: unknown strategy strings are unspecified (no official saver implements prune)",
    description: "an unknown strategy string is rejected and deletes nothing",
    async run(ctx) {
      const threadId = ctx.threadId();
      await putThread(ctx.saver, threadId, 2);
      const rejected = () =>
        expectRejects(
          () => prune(ctx, [threadId], "delete_all"),
          'prune([T], {strategy: "delete_all"}) (not a known strategy) should reject',
        );
      await expectThreadUnchanged(ctx.saver, threadId, rejected, "a rejected prune should change nothing");
    },
  },
  {
    name: "test_prune_keep_latest_preserves_delta_history",
    ids: ["PR-10"],
    advisory: true,
    advisoryReason:
      "catalog PR-10 is ADV: a delta-aware prune is asked for by a docstring, not by a test (no official saver implements prune)",
    requires: ["delta_channel_history"],
    description: "keep_latest keeps what the head's delta history needs (same result before and after)",
    async run(ctx) {
      for (const ns of NAMESPACES) {
        const threadId = ctx.threadId();
        const chain = await buildDeltaChain(ctx.saver, {
          threadId,
          checkpointNs: ns,
          channel: "ch",
          snapshotsAtSteps: [0, 3],
          totalSteps: 6,
        });
        const head = chain[chain.length - 1];
        const before = await ctx.saver.getDeltaChannelHistory({ config: head, channels: ["ch"] });
        await prune(ctx, [threadId], "keep_latest");
        expectEqual(
          await ctx.saver.getDeltaChannelHistory({ config: head, channels: ["ch"] }),
          before,
          `keep_latest should be DeltaChannel-safe (${nsLabel(ns)}): keep the ancestors and writes back to the nearest snapshot, so the head's delta history is unchanged`,
        );
      }
    },
  },
];

export const pruneSpec: CapabilitySpec = { capability: "prune", tests };
