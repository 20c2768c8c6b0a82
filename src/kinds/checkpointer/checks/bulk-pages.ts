import type { BaseCheckpointSaver, PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectEqual, fail } from "../../../assert.js";
import { asExtendedSaver } from "../extended-saver.js";
import { generateConfig, generateMetadata, putCheckpointChain } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import { wholeThread } from "./extended-helpers.js";
import { BULK_PAGE, bulkValueOf } from "./adversarial-pools.js";
import { idsOf, listAll } from "./helpers.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * ORD-15: bulk operations on a thread larger than one page of its backend:
 * more than 1,000 keys (S3 and Redis SCAN pages, PostgREST rows) and more than
 * 1 MB (a DynamoDB Query page). A deleteThread, copyThread, prune or
 * deleteForRuns that reads what to delete or copy with one query, and acts on
 * that first page only, leaves state behind or copies part of it, without an error.
 */

const { checkpoints: CHECKPOINTS, valueChars: VALUE_CHARS, writes: WRITES } = BULK_PAGE;

const PAGE_HINT =
  "does the saver read what to act on with one query and act on its first page only (1,000 keys; 1 MB for a DynamoDB Query)?";

interface BigThread {
  threadId: string;
  configs: RunnableConfig[];
  /** The checkpoint carrying the 1,100 writes. */
  withWrites: RunnableConfig;
}

/** A 12-checkpoint chain of 100 KB values, with 1,100 writes on the checkpoint at `writesOn` ("head" or "root"). */
async function putPastAPage(saver: BaseCheckpointSaver, threadId: string, writesOn: "head" | "root", runId?: string): Promise<BigThread> {
  const configs = await putCheckpointChain(saver, {
    threadId,
    length: CHECKPOINTS,
    each: (i) => ({
      channelValues: { doc: bulkValueOf(i) },
      channelVersions: { doc: i + 1 },
      metadata: generateMetadata("loop", i, runId === undefined ? {} : { run_id: runId }),
    }),
  });
  const withWrites = writesOn === "head" ? configs.at(-1)! : configs[0]!;
  const writes: PendingWrite[] = Array.from({ length: WRITES }, (_, i) => ["results", i]);
  await saver.putWrites(withWrites, writes, "map-task");
  return { threadId, configs, withWrites };
}

/** Puts the checkpoint `config` names again (bare) and requires it to carry no writes: its old ones were deleted. */
async function expectWritesGone(ctx: SpecContext, config: RunnableConfig, after: string): Promise<void> {
  const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
  const checkpoint = { v: 4, id: checkpoint_id, ts: new Date().toISOString(), channel_values: {}, channel_versions: {}, versions_seen: {} };
  const again = await ctx.saver.put(generateConfig(thread_id, checkpoint_ns), checkpoint, generateMetadata("loop", 0), {});
  const left = (await ctx.saver.getTuple(again))?.pendingWrites ?? [];
  if (left.length > 0)
    fail(
      `${after}, re-putting the checkpoint id that held ${WRITES.toLocaleString("en-US")} writes shows ${left.length.toLocaleString("en-US")} of them still stored: ${PAGE_HINT}`,
    );
}

const deleteThreadTests: SpecTest[] = [
  {
    name: "test_ord_delete_thread_past_a_page",
    ids: ["ORD-15"],
    methods: ["IM-deleteThread-batch-limit"],
    description: `deleteThread of a thread past a page (${CHECKPOINTS} checkpoints of 100 KB, ${WRITES.toLocaleString("en-US")} writes) deletes every checkpoint and write`,
    requires: ["put_writes"],
    async run(ctx) {
      const big = await putPastAPage(ctx.saver, ctx.threadId("bulk-dt"), "head");
      await ctx.saver.deleteThread(big.threadId);
      const left = idsOf(await listAll(ctx.saver, wholeThread(big.threadId)));
      if (left.length > 0) fail(`after deleteThread, ${left.length} of ${CHECKPOINTS} checkpoints are still listed: ${PAGE_HINT}`);
      await expectWritesGone(ctx, big.withWrites, "after deleteThread");
    },
  },
];

const copyThreadTests: SpecTest[] = [
  {
    name: "test_ord_copy_thread_past_a_page",
    ids: ["ORD-15"],
    methods: ["IM-copyThread-batch-limit"],
    needsHistory: true,
    requires: ["put_writes"],
    description: `copyThread of a thread past a page (${CHECKPOINTS} checkpoints of 100 KB, ${WRITES.toLocaleString("en-US")} writes on the head) copies every checkpoint, value and write`,
    async run(ctx) {
      const big = await putPastAPage(ctx.saver, ctx.threadId("bulk-src"), "head");
      const target = ctx.threadId("bulk-dst");
      await asExtendedSaver(ctx.saver).copyThread(big.threadId, target);
      const copied = await listAll(ctx.saver, generateConfig(target));
      const expected = big.configs.map((c) => c.configurable?.checkpoint_id as string).reverse();
      if (copied.length < expected.length)
        fail(`copyThread copied ${copied.length} of ${CHECKPOINTS} checkpoints (1.2 MB in all): ${PAGE_HINT}`);
      expectEqual(idsOf(copied), expected, "copyThread must copy every checkpoint, keeping its id (listed newest first)");
      copied.forEach((tuple, i) => {
        const doc = tuple.checkpoint.channel_values.doc;
        if (typeof doc !== "string" || doc.length !== VALUE_CHARS || !doc.startsWith(`${CHECKPOINTS - 1 - i}:`)) {
          fail(`the copy of checkpoint ${CHECKPOINTS - 1 - i} must hold its own 100 KB value: ${PAGE_HINT}`);
        }
      });
      const writes = (await ctx.saver.getTuple(generateConfig(target, "", expected[0])))?.pendingWrites ?? [];
      expectEqual(writes.length, WRITES, `the copied head must carry all ${WRITES.toLocaleString("en-US")} pending writes: ${PAGE_HINT}`);
    },
  },
];

const pruneTests: SpecTest[] = [
  {
    name: "test_ord_prune_past_a_page",
    ids: ["ORD-15"],
    methods: ["IM-prune-batch-limit"],
    needsHistory: true,
    requires: ["put_writes"],
    description: `prune keep_latest on a thread past a page (${CHECKPOINTS - 1} older checkpoints of 100 KB, ${WRITES.toLocaleString("en-US")} writes on the oldest) deletes them all`,
    async run(ctx) {
      const big = await putPastAPage(ctx.saver, ctx.threadId("bulk-pr"), "root");
      await asExtendedSaver(ctx.saver).prune([big.threadId], { strategy: "keep_latest" });
      const left = idsOf(await listAll(ctx.saver, generateConfig(big.threadId)));
      const latest = big.configs.at(-1)!.configurable?.checkpoint_id;
      if (left.length !== 1 || left[0] !== latest)
        fail(`prune keep_latest must leave only the latest of ${CHECKPOINTS} checkpoints, but ${left.length} are left: ${PAGE_HINT}`);
      await expectWritesGone(ctx, big.withWrites, "after prune keep_latest");
    },
  },
];

const deleteForRunsTests: SpecTest[] = [
  {
    name: "test_ord_delete_for_runs_past_a_page",
    ids: ["ORD-15"],
    methods: ["IM-deleteForRuns-batch-limit"],
    needsHistory: true,
    requires: ["put_writes"],
    description: `deleteForRuns of one run past a page (${CHECKPOINTS} checkpoints of 100 KB, ${WRITES.toLocaleString("en-US")} writes) deletes every checkpoint and write of it`,
    async run(ctx) {
      const runId = `run-${ctx.threadId("bulk-run")}`;
      const big = await putPastAPage(ctx.saver, ctx.threadId("bulk-dfr"), "head", runId);
      await asExtendedSaver(ctx.saver).deleteForRuns([runId]);
      const left = idsOf(await listAll(ctx.saver, wholeThread(big.threadId)));
      if (left.length > 0)
        fail(`after deleteForRuns, ${left.length} of the run's ${CHECKPOINTS} checkpoints are still listed: ${PAGE_HINT}`);
      await expectWritesGone(ctx, big.withWrites, "after deleteForRuns");
    },
  },
];

/** The ORD-15 tests, each in the suite of the operation it checks. */
export const bulkPageTests: ExtraTests = {
  delete_thread: deleteThreadTests,
  copy_thread: copyThreadTests,
  prune: pruneTests,
  delete_for_runs: deleteForRunsTests,
};
