import fc from "fast-check";
import { WRITES_IDX_MAP, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  REGULAR_WRITE_CHANNELS,
  SPECIAL_WRITE_CHANNELS,
  TASK_PATHS,
  checkpointIdOf,
  idSeed,
  nsOf,
  taskIdArb,
  threadOf,
  writeValueOf,
  type Pools,
} from "../arbitraries.js";
import { MANY_WRITES, PAGE_OF_WRITES } from "../../checks/adversarial-pools.js";

/** Writes in one call whose last indexes pass 127, and 255: cheap sizes (PostgresSaver inserts a write per query). */
const PAST_A_SIGNED_BYTE = { min: 129, max: 131 } as const;
const PAST_A_BYTE = { min: 257, max: 259 } as const;
import { ts, type ModelState, type RealState } from "../sequence-env.js";

interface PutWritesArgs {
  threadId: string;
  ns: string;
  /** A stored checkpoint of (thread, ns) when there is one and `stored` is set; else the id of `idSeed`, maybe not put yet. */
  target: { stored: boolean; index: number; idSeed: number };
  taskId: string;
  taskPath: string | undefined;
  writes: PendingWrite[];
  /** New values for the same channels, sent again by the same task (a retried or resumed task): JS-03a / JS-03b decide which stay. */
  retry: unknown[] | null;
}

const IDS = ["PW-01", "PW-07", "JS-01", "JS-03"] as const;

/**
 * putWrites(): regular and special channels, random task ids and paths, against
 * a stored checkpoint or one not put yet (the model shows such writes once the
 * checkpoint is put). Calls whose outcome the contract leaves open (JS-03c) are
 * not made.
 */
export class PutWritesCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: PutWritesArgs) {}

  check(m: Readonly<ModelState>): boolean {
    const { writes, taskId, retry } = this.args;
    const mixed = new Set(writes.map(([channel]) => Object.prototype.hasOwnProperty.call(WRITES_IDX_MAP, channel))).size > 1;
    return m.model.isDefinedWrite(this.config(m), writes, taskId) && (retry === null || !mixed); // JS-03c: a retried mixed call is undefined
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const config = this.config(m);
    const { writes, retry } = this.args;
    await this.send(m, r, config, writes);
    if (retry !== null) await this.send(m, r, config, writes.map(([channel], i): PendingWrite => [channel, retry[i % retry.length]]));
  }

  private async send(m: ModelState, r: RealState, config: RunnableConfig, writes: PendingWrite[]): Promise<void> {
    const { taskId, taskPath } = this.args;
    const pathArg = taskPath === undefined ? "" : `, ${ts(taskPath)}`;
    m.env.record(`await saver.putWrites(${ts(config)}, ${ts(writes)}, ${ts(taskId)}${pathArg});`);
    m.model.putWrites(config, writes, taskId, taskPath);
    await m.env.call("putWrites()", IDS, () =>
      taskPath === undefined ? r.saver.putWrites(config, writes, taskId) : r.saver.putWrites(config, writes, taskId, taskPath),
    );
  }

  private config(m: Readonly<ModelState>): RunnableConfig {
    const { threadId, ns } = this.args;
    const stored = m.model.checkpointIds(threadId, ns);
    const { target } = this.args;
    const checkpointId = target.stored && stored.length > 0 ? stored[target.index % stored.length] : checkpointIdOf(target.idSeed);
    // JS-07: putWrites always gets checkpoint_ns (MemorySaver throws without it).
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } };
  }

  toString(): string {
    const again = this.args.retry === null ? "" : ", twice";
    return `putWrites(${JSON.stringify(this.args.threadId)}, ${JSON.stringify(this.args.ns)}, ${this.args.taskId}, ${this.args.writes.map(([c]) => c).join("+")}${again})`;
  }
}


export const putWritesCommand = (pools: Pools): fc.Arbitrary<PutWritesCommand> => {
  const write = (channels: readonly string[]): fc.Arbitrary<PendingWrite> =>
    fc.tuple(fc.constantFrom(...channels), writeValueOf(pools)).map(([channel, value]): PendingWrite => [channel, value]);
  // Past a backend's page of 100 items on one checkpoint; plain numbers, so they are cheap to draw and store.
  const numbered = (n: number) => Array.from({ length: n }, (_, i): PendingWrite => [REGULAR_WRITE_CHANNELS[i % REGULAR_WRITE_CHANNELS.length], i]);
  const page = fc.integer(PAGE_OF_WRITES).map(numbered);
  // Indexes past a signed and an unsigned byte (ORD-14): an index column that narrow wraps or clamps them.
  const wide = fc.oneof(fc.integer(PAST_A_SIGNED_BYTE), fc.integer(PAST_A_BYTE)).map(numbered);
  return fc
  .record({
    threadId: threadOf(pools),
    ns: nsOf(pools),
    target: fc.record({ stored: fc.constantFrom(true, true, true, false), index: fc.nat(8), idSeed }),
    taskId: taskIdArb,
    taskPath: fc.constantFrom(...TASK_PATHS),
    writes: fc.oneof(
      { weight: 4, arbitrary: fc.array(write(REGULAR_WRITE_CHANNELS), { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.array(write(SPECIAL_WRITE_CHANNELS), { minLength: 1, maxLength: 2 }) },
      { weight: 1, arbitrary: fc.array(write([...REGULAR_WRITE_CHANNELS, ...SPECIAL_WRITE_CHANNELS]), { minLength: 2, maxLength: 3 }) },
      // Past 10 writes in one call: idx 10 must sort after idx 9, as a number.
      { weight: 3, arbitrary: fc.array(write(REGULAR_WRITE_CHANNELS), { minLength: MANY_WRITES.min, maxLength: MANY_WRITES.max }) },
      { weight: 1, arbitrary: page },
      { weight: 1, arbitrary: wide },
    ),
    retry: fc.option(fc.array(writeValueOf(pools), { minLength: 3, maxLength: 3 }), { freq: 4 }),
  })
  .map((args) => new PutWritesCommand(args));
};
