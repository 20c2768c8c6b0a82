import fc from "fast-check";
import { threadOf, type Pools } from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";

/** deleteThread(): a thread with data in any namespaces, or one without (DT-05). */
export class DeleteThreadCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly threadId: string) {}

  check(): boolean {
    return true;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const threadId = this.threadId;
    m.env.record(`await saver.deleteThread(${ts(threadId)});`);
    const result = await m.env.call("deleteThread()", ["DT-01", "DT-02", "DT-03", "DT-05"], () => r.saver.deleteThread(threadId));
    // Rejected under a declared behaviour: nothing was deleted, and the model had nothing to delete.
    if (result !== undefined) m.model.deleteThread(threadId);
  }

  toString(): string {
    return `deleteThread(${JSON.stringify(this.threadId)})`;
  }
}

export const deleteThreadCommand = (pools: Pools): fc.Arbitrary<DeleteThreadCommand> => threadOf(pools).map((t) => new DeleteThreadCommand(t));
