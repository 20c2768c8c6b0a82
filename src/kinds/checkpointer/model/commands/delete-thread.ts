import type fc from "fast-check";
import type { RunnableConfig } from "@langchain/core/runnables";
import { threadOf, type Pools } from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { checkTuple } from "./state-check.js";
import { diffList } from "../compare.js";
import { listAll } from "../../checks/helpers.js";

/** Checkpoints read before and after the delete: enough to meet a read cache, few enough for threads of 100 namespaces. */
const CACHED_READS = 4;

/**
 * deleteThread(): a thread with data in any namespaces, or one without (DT-05).
 * Some of its checkpoints are read by id before the delete and again after
 * it, when they must be gone: a saver that caches reads and forgets the
 * delete still returns them (RACE-05). Then the thread is listed: nothing.
 */
export class DeleteThreadCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly threadId: string) {}

  check(): boolean {
    return true;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const threadId = this.threadId;
    const reads: RunnableConfig[] = m.model
      .allCoordinates()
      .filter((c) => c.threadId === threadId)
      .slice(0, CACHED_READS)
      .map((c) => ({ configurable: { thread_id: threadId, checkpoint_ns: c.ns, checkpoint_id: c.checkpointId } }));
    for (const config of reads) await checkTuple(m, r, config);
    m.env.record(`await saver.deleteThread(${ts(threadId)});`);
    const result = await m.env.call("deleteThread()", ["DT-01", "DT-02", "DT-03", "DT-04", "DT-05"], () => r.saver.deleteThread(threadId));
    // Rejected under a declared behaviour: nothing was deleted, and the model had nothing to delete.
    if (result !== undefined) m.model.deleteThread(threadId);
    for (const config of reads) await checkTuple(m, r, config);
    // Every namespace is gone, however many there were (a batch delete of 100 keys leaves the rest: ORD-09).
    const config: RunnableConfig = { configurable: { thread_id: threadId } };
    await m.env.recordOnFailure(`console.log(await all(saver.list(${ts(config)})));`, async () => {
      const actual = (await m.env.call("list()", ["DT-01", "ORD-09"], () => listAll(r.saver, config)))?.value ?? [];
      m.env.expectSame("list() after deleteThread()", ["DT-01", "ORD-09"], diffList(m.model.list(config), actual), () => []);
    });
  }

  toString(): string {
    return `deleteThread(${JSON.stringify(this.threadId)})`;
  }
}

export const deleteThreadCommand = (pools: Pools): fc.Arbitrary<DeleteThreadCommand> =>
  threadOf(pools).map((t) => new DeleteThreadCommand(t));
