import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual, expectLength, expectUndefined } from "../../../assert.js";
import { asExtendedSaver } from "../extended-saver.js";
import { generateCheckpoint, generateMetadata, putTestCheckpoint } from "../../../test-utils.js";
import { expectExcludes, expectIncludes, expectThreadUnchanged, listedRunIds, threadSnapshot, wholeThread } from "./extended-helpers.js";
import { expectListedBefore } from "./helpers.js";
import { precondition } from "./precondition.js";
import type { CapabilitySpec, SpecContext, SpecTest } from "./types.js";

/** Puts an empty checkpoint whose `metadata.run_id` is `runId` (none when undefined). */
function putRun(
  saver: BaseCheckpointSaver,
  threadId: string,
  runId: string | undefined,
  options: { ns?: string; parent?: RunnableConfig } = {},
): Promise<RunnableConfig> {
  return putTestCheckpoint(saver, {
    threadId,
    checkpointNs: options.ns ?? "",
    parentConfig: options.parent,
    metadata: generateMetadata("loop", 0, runId === undefined ? {} : { run_id: runId }),
  });
}

/** The precondition tests check first, so a put/list problem is not blamed on deleteForRuns: "not checked → see list". */
async function expectListed(ctx: SpecContext, threadId: string, runIds: readonly string[], ns?: string): Promise<void> {
  const where = ns === undefined ? "" : ` in ns ${JSON.stringify(ns)}`;
  await precondition(
    "list",
    `before deleteForRuns, list() shows the ${runIds.length} checkpoint(s) just put with their metadata.run_id${where}`,
    async () => {
      const listed = await listedRunIds(ctx.saver, threadId, ns);
      for (const runId of runIds) {
        expectIncludes(listed, runId, `before deleteForRuns: list() must show the checkpoint put with metadata.run_id ${runId}${where}`);
      }
    },
  );
}

const deleteForRuns = (ctx: SpecContext, runIds: string[]) => asExtendedSaver(ctx.saver).deleteForRuns(runIds);

const tests: SpecTest[] = [
  {
    name: "test_delete_for_runs_single",
    ids: ["DFR-01"],
    methods: ["IM-deleteForRuns-cascade"],
    description: "deleteForRuns([run1]) removes run1's checkpoint and keeps its child of run2",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const [run1, run2] = [randomUUID(), randomUUID()];
      const first = await putRun(ctx.saver, threadId, run1);
      await putRun(ctx.saver, threadId, run2, { parent: first });
      await expectListed(ctx, threadId, [run1, run2]);
      await deleteForRuns(ctx, [run1]);
      const listed = await listedRunIds(ctx.saver, threadId);
      expectExcludes(listed, run1, "after deleteForRuns([run1]), no checkpoint with metadata.run_id run1 may be listed");
      expectIncludes(listed, run2, "after deleteForRuns([run1]), the checkpoint of run2 (a child of run1's) must still be listed");
    },
  },
  {
    name: "test_delete_for_runs_multiple",
    ids: ["DFR-02"],
    description: "deleteForRuns([run1, run2]) removes both runs of a chain and keeps run3",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const [run1, run2, run3] = [randomUUID(), randomUUID(), randomUUID()];
      const c1 = await putRun(ctx.saver, threadId, run1);
      const c2 = await putRun(ctx.saver, threadId, run2, { parent: c1 });
      await putRun(ctx.saver, threadId, run3, { parent: c2 });
      await expectListed(ctx, threadId, [run1, run2, run3]);
      await deleteForRuns(ctx, [run1, run2]);
      const listed = await listedRunIds(ctx.saver, threadId);
      expectExcludes(listed, run1, "deleteForRuns([run1, run2]) must delete run1's checkpoint (every listed run id, not only the first)");
      expectExcludes(listed, run2, "deleteForRuns([run1, run2]) must delete run2's checkpoint (every listed run id, not only the first)");
      expectIncludes(listed, run3, "deleteForRuns([run1, run2]) must keep run3's checkpoint");
    },
  },
  {
    name: "test_delete_for_runs_preserves_other_runs",
    ids: ["DFR-03"],
    description: "a run not listed keeps its checkpoint on the same thread",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const [runKeep, runDelete] = [randomUUID(), randomUUID()];
      await putRun(ctx.saver, threadId, runKeep);
      await putRun(ctx.saver, threadId, runDelete);
      await expectListed(ctx, threadId, [runKeep, runDelete]);
      await deleteForRuns(ctx, [runDelete]);
      const listed = await listedRunIds(ctx.saver, threadId);
      expectIncludes(listed, runKeep, "deleteForRuns([other]) must keep the checkpoints of runs not listed, even on the same thread");
      expectExcludes(listed, runDelete, "deleteForRuns([run]) must delete that run's checkpoint");
    },
  },
  {
    name: "test_delete_for_runs_removes_writes",
    ids: ["DFR-04"],
    methods: ["IM-deleteForRuns-scope"],
    description: "the run's checkpoint and its pending writes are gone, even when the same id is put again",
    async run(ctx) {
      const threadId = ctx.threadId();
      const runId = randomUUID();
      const checkpoint = generateCheckpoint();
      const rootConfig = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
      const stored = await ctx.saver.put(rootConfig, checkpoint, generateMetadata("loop", 0, { run_id: runId }), {});
      await ctx.saver.putWrites(stored, [["ch", "val"]], randomUUID());
      const before = await precondition("get_tuple", "before deleteForRuns, getTuple(stored config) finds the checkpoint", async () => {
        const found = await ctx.saver.getTuple(stored);
        expectDefined(found, "before deleteForRuns: getTuple(stored config) must find the checkpoint");
        return found;
      });
      await precondition("put_writes", "before deleteForRuns, the checkpoint carries its 1 pending write", async () =>
        expectLength(before.pendingWrites, 1, "before deleteForRuns: the checkpoint must have its 1 pending write"),
      );
      await deleteForRuns(ctx, [runId]);
      expectUndefined(
        await ctx.saver.getTuple(stored),
        "after deleteForRuns([run]), getTuple(config of the run's checkpoint) must be undefined",
      );
      await ctx.saver.put(rootConfig, { ...checkpoint }, generateMetadata("loop", 0), {});
      const reput = await precondition("get_tuple", "the deleted checkpoint's id, put again, is found", async () => {
        const found = await ctx.saver.getTuple(stored);
        expectDefined(found, "putting the deleted checkpoint's id again must store it");
        return found;
      });
      expectEqual(
        reput.pendingWrites ?? [],
        [],
        "deleteForRuns must delete the run's pending writes too: putting the same checkpoint id again must not bring its old writes back",
      );
    },
  },
  {
    name: "test_delete_for_runs_empty_list_noop",
    ids: ["DFR-05"],
    description: "deleteForRuns([]) resolves and deletes nothing",
    async run(ctx) {
      const threadId = ctx.threadId();
      const runId = randomUUID();
      await putRun(ctx.saver, threadId, runId);
      await expectThreadUnchanged(
        ctx.saver,
        threadId,
        () => deleteForRuns(ctx, []),
        "deleteForRuns([]) must be a no-op: an empty list selects no run, not every run",
      );
    },
  },
  {
    name: "test_delete_for_runs_nonexistent_noop",
    ids: ["DFR-06"],
    description: "deleteForRuns([unknown run id]) resolves and deletes nothing",
    async run(ctx) {
      const threadId = ctx.threadId();
      const first = await putRun(ctx.saver, threadId, randomUUID());
      await putRun(ctx.saver, threadId, undefined, { parent: first });
      await expectThreadUnchanged(
        ctx.saver,
        threadId,
        () => deleteForRuns(ctx, [randomUUID()]),
        "deleteForRuns([a run id no checkpoint has]) must resolve and leave every checkpoint as it was",
      );
    },
  },
  {
    name: "test_delete_for_runs_across_namespaces",
    ids: ["DFR-07"],
    methods: ["IM-deleteForRuns-scope"],
    description: "a run's checkpoints are deleted in the root and in a child namespace",
    async run(ctx) {
      const threadId = ctx.threadId();
      const runId = randomUUID();
      for (const ns of ["", "child:1"]) await putRun(ctx.saver, threadId, runId, { ns });
      for (const ns of ["", "child:1"]) await expectListed(ctx, threadId, [runId], ns);
      await deleteForRuns(ctx, [runId]);
      for (const ns of ["", "child:1"]) {
        expectExcludes(
          await listedRunIds(ctx.saver, threadId, ns),
          runId,
          `after deleteForRuns([run]), ns ${JSON.stringify(ns)} must list no checkpoint of that run (every namespace, not only the root)`,
        );
      }
    },
  },
  {
    name: "test_delete_for_runs_across_threads",
    ids: ["DFR-08"],
    methods: ["IM-deleteForRuns-scope"],
    description: "a run's checkpoints are deleted on every thread (the method takes no thread)",
    async run(ctx) {
      const runId = randomUUID();
      const threads = [ctx.threadId("a"), ctx.threadId("b"), ctx.threadId("c")];
      for (const threadId of threads) await putRun(ctx.saver, threadId, runId);
      await deleteForRuns(ctx, [runId]);
      for (const threadId of threads) {
        expectExcludes(
          await listedRunIds(ctx.saver, threadId),
          runId,
          `after deleteForRuns([run]), thread ${threadId} must list no checkpoint of that run (deleteForRuns covers every thread)`,
        );
      }
    },
  },
  {
    name: "test_delete_for_runs_keeps_checkpoints_without_run_id",
    ids: ["DFR-08"],
    methods: ["IM-deleteForRuns-cascade"],
    description: "checkpoints with no run_id survive, including a child of a deleted checkpoint",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      const runId = randomUUID();
      const root = await putRun(ctx.saver, threadId, undefined);
      const ofRun = await putRun(ctx.saver, threadId, runId, { parent: root });
      const child = await putRun(ctx.saver, threadId, undefined, { parent: ofRun });
      await expectListedBefore(ctx.saver, wholeThread(threadId), 3, "before deleteForRuns");
      await deleteForRuns(ctx, [runId]);
      const listed = await threadSnapshot(ctx.saver, threadId);
      expectEqual(
        listed.map((t) => t.checkpoint_id).sort(),
        [root, child].map((c) => c.configurable?.checkpoint_id).sort(),
        "deleteForRuns([run]) must delete only that run's checkpoint: checkpoints without metadata.run_id stay, and so does a child of a deleted checkpoint (no cascade)",
      );
    },
  },
];

export const deleteForRunsSpec: CapabilitySpec = { capability: "delete_for_runs", tests };
