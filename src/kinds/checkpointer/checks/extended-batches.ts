import { asExtendedSaver } from "../extended-saver.js";
import { fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { generateConfig, generateMetadata, putCheckpointChain } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import { runIdsOf, wholeThread } from "./extended-helpers.js";
import { idsOf, listAll, newestFirst } from "./helpers.js";
import type { SpecTest } from "./types.js";

/**
 * ORD-13: copyThread, prune and deleteForRuns on more checkpoints (and run
 * ids) than one request of a batch API takes (DynamoDB BatchWriteItem: 25
 * items; Firestore `in`: 10 or 30 values). A saver that sends only the first
 * batch leaves work undone without an error.
 */

/** More than a batch of 25 items and than an `in` list of 30 values. */
const PAST_A_BATCH = 32;

const BATCH_HINT =
  "does the saver send only the first request of a batch API (25 items for DynamoDB's BatchWriteItem, 10 or 30 values for a Firestore `in`)?";

const copyThreadTests: SpecTest[] = [
  {
    name: "test_ord_copy_thread_past_a_batch",
    ids: ["ORD-13"],
    methods: ["IM-copyThread-batch-limit"],
    needsHistory: true,
    description: `copyThread of a ${PAST_A_BATCH}-checkpoint thread copies every checkpoint, not only a first batch`,
    async run(ctx) {
      const [src, dst] = [ctx.threadId("src"), ctx.threadId("dst")];
      const stored = await putCheckpointChain(ctx.saver, { threadId: src, length: PAST_A_BATCH });
      await asExtendedSaver(ctx.saver).copyThread(src, dst);
      const copied = idsOf(await listAll(ctx.saver, generateConfig(dst)));
      const expected = newestFirst(stored.map((c) => c.configurable?.checkpoint_id as string));
      const missing = expected.filter((id) => !copied.includes(id));
      if (missing.length > 0)
        fail(`copyThread copied ${copied.length} of the ${PAST_A_BATCH} checkpoints of the source thread: ${BATCH_HINT}`, [
          `missing: ${formatValue(missing.slice(0, 3))}…`,
        ]);
    },
  },
];

const pruneTests: SpecTest[] = [
  {
    name: "test_ord_prune_past_a_batch",
    ids: ["ORD-13"],
    methods: ["IM-prune-batch-limit"],
    needsHistory: true,
    description: `prune keep_latest on a ${PAST_A_BATCH}-checkpoint thread deletes all ${PAST_A_BATCH - 1} older checkpoints, not only a first batch`,
    async run(ctx) {
      const threadId = ctx.threadId("prune");
      const stored = await putCheckpointChain(ctx.saver, { threadId, length: PAST_A_BATCH });
      await asExtendedSaver(ctx.saver).prune([threadId], { strategy: "keep_latest" });
      const left = idsOf(await listAll(ctx.saver, generateConfig(threadId)));
      const latest = stored[stored.length - 1].configurable?.checkpoint_id;
      if (left.length !== 1 || left[0] !== latest) {
        fail(
          `prune([T], {strategy: "keep_latest"}) must leave only the latest of ${PAST_A_BATCH} checkpoints, but ${left.length} are left: ${BATCH_HINT}`,
        );
      }
    },
  },
];

const deleteForRunsTests: SpecTest[] = [
  {
    name: "test_ord_delete_for_runs_past_a_batch",
    // Fixed run ids (run-00, ...): deleteForRuns sweeps every thread of the saver that carries them.
    exclusive: true,
    ids: ["ORD-13"],
    methods: ["IM-deleteForRuns-batch-limit"],
    needsHistory: true,
    description: `deleteForRuns with ${PAST_A_BATCH} run ids deletes the checkpoints of every one, not only a first batch`,
    async run(ctx) {
      const threadId = ctx.threadId("dfr");
      const runIds = Array.from({ length: PAST_A_BATCH }, (_, i) => `run-${String(i).padStart(2, "0")}`);
      const each = (i: number) => ({ metadata: generateMetadata("loop", i, { run_id: runIds[i] ?? "kept-run" }) });
      await putCheckpointChain(ctx.saver, { threadId, length: PAST_A_BATCH + 1, each });
      await asExtendedSaver(ctx.saver).deleteForRuns(runIds);
      const left = runIdsOf(await listAll(ctx.saver, wholeThread(threadId)));
      if (left.length !== 1 || left[0] !== "kept-run") {
        fail(
          `deleteForRuns(${PAST_A_BATCH} run ids) must delete the checkpoint of each, leaving only the one of "kept-run"; left: ${formatValue(left.slice(0, 4))}${left.length > 4 ? ` and ${left.length - 4} more` : ""}: ${BATCH_HINT}`,
        );
      }
    },
  },
];

/** The ORD-13 tests, each in the suite of the extended capability it checks. */
export const extendedBatchTests: ExtraTests = {
  copy_thread: copyThreadTests,
  prune: pruneTests,
  delete_for_runs: deleteForRunsTests,
};
