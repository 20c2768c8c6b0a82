import fc from "fast-check";
import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { nsOf, threadOf, type Pools } from "../arbitraries.js";
import { FIVE_MIB, largeText } from "../../checks/adversarial-pools.js";
import { ModelDisagreement, ts, type ModelState, type RealState } from "../sequence-env.js";
import { checkTuple } from "./state-check.js";

interface LargeWriteArgs {
  /** Large values are costly: only sequences whose pools allow them get one, and then one draw in four (check() is false). */
  enabled: boolean;
  threadId: string;
  ns: string;
  index: number;
}

const TASK_ID = "task-large";
const IDS = ["VAL-09", "PW-01"] as const;
let text: string | undefined;

/**
 * A pending write of 5 MiB (past D1's and Cosmos DB's 2 MB rows and gRPC's
 * 4 MiB messages) on a stored checkpoint, read back at once. The saver may reject what its backend cannot
 * store (then nothing was written), but what it accepts must come back whole
 * (VAL-09): a saver that cuts the value to its row size disagrees.
 */
export class LargeWriteCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: LargeWriteArgs) {}

  check(m: Readonly<ModelState>): boolean {
    return this.args.enabled && m.model.checkpointIds(this.args.threadId, this.args.ns).length > 0;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { threadId, ns, index } = this.args;
    const stored = m.model.checkpointIds(threadId, ns);
    const config: RunnableConfig = {
      configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: stored[index % stored.length] },
    };
    text ??= largeText(FIVE_MIB);
    const writes: PendingWrite[] = [["large", text]];
    m.env.record(
      `await saver.putWrites(${ts(config)}, [["large", "0123456789abcdef".repeat(${FIVE_MIB / 16 - 1}) + "the end of it..."]], ${ts(TASK_ID)}); // may reject`,
    );
    try {
      await m.env.call("putWrites()", IDS, () => r.saver.putWrites(config, writes, TASK_ID));
    } catch (error) {
      if (error instanceof ModelDisagreement) return; // rejected: allowed for a value the backend cannot store
      throw error;
    }
    m.model.putWrites(config, writes, TASK_ID);
    await checkTuple(m, r, config);
  }

  toString(): string {
    return `largeWrite(${JSON.stringify(this.args.threadId)}, ${JSON.stringify(this.args.ns)}, ${FIVE_MIB} characters)`;
  }
}

export const largeWriteCommand = (pools: Pools): fc.Arbitrary<LargeWriteCommand> =>
  fc
    .record({
      enabled: pools.largeValues ? fc.integer({ min: 1, max: 4 }).map((n) => n === 1) : fc.constant(false),
      threadId: threadOf(pools),
      ns: nsOf(pools),
      index: fc.nat(8),
    })
    .map((args) => new LargeWriteCommand(args));
