import { expectDefined, expectEqual, expectLength, expectResolves, expectSame, expectUndefined } from "../../../assert.js";
import { generateCheckpoint, generateConfig, generateMetadata, putCheckpointChain } from "../../../test-utils.js";
import { expectListedBefore, listAll } from "./helpers.js";
import { precondition } from "./precondition.js";
import type { CapabilitySpec, SpecTest } from "./types.js";

const tests: SpecTest[] = [
  {
    name: "test_delete_thread_removes_checkpoints",
    ids: ["DT-01"],
    description: "after deleteThread(T), getTuple finds nothing on T and list yields nothing",
    needsHistory: true,
    async run(ctx) {
      const threadId = ctx.threadId();
      await putCheckpointChain(ctx.saver, { threadId, length: 3 });
      await expectListedBefore(ctx.saver, generateConfig(threadId), 3, "before deleteThread");
      await ctx.saver.deleteThread(threadId);
      expectUndefined(
        await ctx.saver.getTuple(generateConfig(threadId)),
        "after deleteThread(T), getTuple({thread_id: T}) must find nothing",
      );
      expectLength(await listAll(ctx.saver, generateConfig(threadId)), 0, "after deleteThread(T), list({thread_id: T}) must yield nothing");
    },
  },
  {
    name: "test_delete_thread_removes_writes",
    ids: ["DT-02"],
    methods: ["IM-deleteThread-leaves-writes"],
    description: "deleteThread removes pending writes: the same checkpoint put again has none",
    async run(ctx) {
      const threadId = ctx.threadId();
      const checkpoint = generateCheckpoint();
      const stored = await ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata(), {});
      await ctx.saver.putWrites(stored, [["ch", "val"]], crypto.randomUUID());
      await precondition("put_writes", "before deleteThread, getTuple shows the one write put", async () => {
        const before = await ctx.saver.getTuple(generateConfig(threadId));
        expectLength(before?.pendingWrites, 1, "before deleteThread, the checkpoint must carry the one write put");
      });
      await ctx.saver.deleteThread(threadId);
      expectUndefined(
        await ctx.saver.getTuple(generateConfig(threadId)),
        "after deleteThread(T), getTuple({thread_id: T}) must find nothing",
      );
      const again = await ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata(), {});
      const reput = await precondition("get_tuple", "after deleteThread, the checkpoint put again is found", async () => {
        const found = await ctx.saver.getTuple(again);
        expectDefined(found, "the checkpoint put again after deleteThread must be found");
        return found;
      });
      expectEqual(
        reput.pendingWrites ?? [],
        [],
        "after deleteThread, re-putting the same checkpoint id must show no pending writes (deleteThread must delete writes, not orphan them)",
      );
    },
  },
  {
    name: "test_delete_thread_removes_all_namespaces",
    ids: ["DT-03"],
    methods: ["IM-deleteThread-namespaces"],
    description: "deleteThread removes the thread in every namespace",
    async run(ctx) {
      const threadId = ctx.threadId();
      const namespaces = ["", "child:1"];
      for (const ns of namespaces) {
        await ctx.saver.put(generateConfig(threadId, ns), generateCheckpoint(), generateMetadata(), {});
        await precondition("get_tuple", `before deleteThread, getTuple finds the checkpoint in namespace ${JSON.stringify(ns)}`, async () =>
          expectDefined(
            await ctx.saver.getTuple(generateConfig(threadId, ns)),
            `before deleteThread, namespace ${JSON.stringify(ns)} must hold a checkpoint`,
          ),
        );
      }
      await ctx.saver.deleteThread(threadId);
      for (const ns of namespaces) {
        expectUndefined(
          await ctx.saver.getTuple(generateConfig(threadId, ns)),
          `after deleteThread(T), getTuple in namespace ${JSON.stringify(ns)} must find nothing (every namespace is deleted)`,
        );
      }
      const listed = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
      expectLength(listed, 0, "after deleteThread(T), list({thread_id: T}) over all namespaces must yield nothing");
    },
  },
  {
    name: "test_delete_thread_preserves_other_threads",
    ids: ["DT-04"],
    description: "deleteThread(T1) leaves T2's checkpoint and writes untouched",
    async run(ctx) {
      const [t1, t2] = [ctx.threadId("t1"), ctx.threadId("t2")];
      const kept = generateCheckpoint();
      for (const [threadId, checkpoint] of [
        [t1, generateCheckpoint()],
        [t2, kept],
      ] as const) {
        const stored = await ctx.saver.put(generateConfig(threadId), checkpoint, generateMetadata(), {});
        await ctx.saver.putWrites(stored, [["ch", threadId]], "task-1");
      }
      await ctx.saver.deleteThread(t1);
      expectUndefined(await ctx.saver.getTuple(generateConfig(t1)), "after deleteThread(T1), T1 must be gone");
      const other = await ctx.saver.getTuple(generateConfig(t2));
      expectSame(other?.checkpoint.id, kept.id, "after deleteThread(T1), T2's latest checkpoint must still be found");
      expectEqual(other?.pendingWrites, [["task-1", "ch", t2]], "after deleteThread(T1), T2's pending writes must be untouched");
    },
  },
  {
    name: "test_delete_thread_nonexistent_noop",
    ids: ["DT-05"],
    description: "deleteThread of a thread that was never put resolves",
    async run(ctx) {
      await expectResolves(
        () => ctx.saver.deleteThread(ctx.threadId("never-put")),
        "deleteThread(<unknown thread>) must resolve (a no-op), not reject",
      );
    },
  },
  {
    name: "test_delete_thread_first_call_on_fresh_saver",
    ids: ["DT-05"],
    methods: ["IM-deleteThread-lazy-tables"],
    description: "deleteThread as the very first call on a new saver resolves, and the saver still works",
    async run(ctx) {
      const saver = await ctx.freshSaver();
      await expectResolves(
        () => saver.deleteThread(ctx.threadId("never-put")),
        "deleteThread(<unknown thread>) as the first call on a new saver must resolve (create storage lazily in every method, or up front)",
      );
      const threadId = ctx.threadId();
      const checkpoint = generateCheckpoint();
      await saver.put(generateConfig(threadId), checkpoint, generateMetadata(), {});
      expectSame(
        (await saver.getTuple(generateConfig(threadId)))?.checkpoint.id,
        checkpoint.id,
        "after that deleteThread, put and getTuple must still work",
      );
    },
  },
];

export const deleteThreadSpec: CapabilitySpec = { capability: "delete_thread", tests };
