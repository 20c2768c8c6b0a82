import fc from "fast-check";
import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointIdOf, timestampOf, type Pools } from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { StateCheckCommand } from "./state-check.js";

/**
 * Makes the sequence's look-alike threads meet: every thread of the family
 * that holds nothing in the root namespace gets a checkpoint there, then one
 * of them is deleted, then everything is read back (each thread's list, each
 * checkpoint). A saver that matches ids as patterns or prefixes, or folds them
 * by case or normalization, lists, deletes or overwrites a look-alike here,
 * instead of only when random commands happen to fill two of them.
 */
export class LookAlikesCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly threads: readonly string[],
    private readonly victim: string,
  ) {}

  check(m: Readonly<ModelState>): boolean {
    return this.seedsToPut(m) !== undefined;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    for (const [threadId, seed] of this.seedsToPut(m)!) {
      const config: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
      const version = m.env.nextVersion();
      const checkpoint: Checkpoint = { v: 4, id: checkpointIdOf(seed), ts: timestampOf(seed), channel_values: { a: threadId }, channel_versions: { a: version }, versions_seen: {} };
      const metadata = { source: "input", step: -1, parents: {} } as CheckpointMetadata;
      m.env.record(`await saver.put(${ts(config)}, ${ts(checkpoint)}, ${ts(metadata)}, ${ts({ a: version })});`);
      m.model.put(config, checkpoint, metadata);
      await m.env.call("put()", ["PUT-01"], () => r.saver.put(config, structuredClone(checkpoint), structuredClone(metadata), { a: version }));
    }
    m.env.record(`await saver.deleteThread(${ts(this.victim)});`);
    const deleted = await m.env.call("deleteThread()", ["DT-01", "DT-04"], () => r.saver.deleteThread(this.victim));
    if (deleted !== undefined) m.model.deleteThread(this.victim);
    await new StateCheckCommand(this.threads).run(m, r);
  }

  /** Each thread without a root checkpoint gets id seed 1 (free there); undefined when no thread needs one. */
  private seedsToPut(m: Readonly<ModelState>): [string, number][] | undefined {
    const plan = this.threads.filter((t) => m.model.checkpointIds(t, "").length === 0).map((t): [string, number] => [t, 1]);
    return plan.length > 0 ? plan : undefined;
  }

  toString(): string {
    return `lookAlikes(delete ${JSON.stringify(this.victim)})`;
  }
}

export const lookAlikesCommand = (pools: Pools): fc.Arbitrary<LookAlikesCommand> =>
  fc.constantFrom(...pools.threads).map((victim) => new LookAlikesCommand(pools.threads, victim));
