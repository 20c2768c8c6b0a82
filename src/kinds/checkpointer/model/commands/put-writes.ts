import fc from "fast-check";
import { WRITES_IDX_MAP, type CheckpointMetadata, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import {
  FILTER_KEYS,
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
import { ListCommand, firstRejection } from "./list.js";
import { checkTuple } from "./state-check.js";

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
const REPUT_IDS = ["PUT-01", "PUT-10"] as const;

/**
 * A write of 64 KiB put before the small writes of a call: per-write work run at once (serializing, compressing,
 * encrypting, an upload) finishes last for it, so a saver numbering writes as their work finishes, not by position,
 * reads them back out of call order (IM-putWrites-async-order).
 */
const LARGE_WRITE = "w".repeat(64 * 1024); // one character repeated: the reproduction prints it as "w".repeat(65536)
const isSpecial = (channel: string) => Object.hasOwn(WRITES_IDX_MAP, channel);

/** The drawn writes, with the large write first when they are two or three regular ones (derived, not drawn). */
function withLargeFirst(writes: readonly PendingWrite[]): PendingWrite[] {
  if (writes.length < 2 || writes.length > 3 || writes.some(([channel]) => isSpecial(channel))) return [...writes];
  return [["messages", LARGE_WRITE], ...writes];
}

/** Metadata keys a re-put leaves out: the filterable ones but `step` (a field-by-field upsert keeps them, a stale index still matches them). */
const DROPPED_ON_REPUT = FILTER_KEYS.filter((key) => key !== "step");

/**
 * putWrites(): regular and special channels, random task ids and paths, against
 * a stored checkpoint or one not put yet (the model shows such writes once the
 * checkpoint is put). Calls whose outcome the contract leaves open (JS-03c) are
 * not made.
 */
export class PutWritesCommand implements fc.AsyncCommand<ModelState, RealState> {
  /**
   * Derived from the drawn arguments, never drawn, so that a seed's sequences keep their draws: the writes sent
   * (a large one first among small ones), and whether the checkpoint is put again after them (a stored target
   * whose drawn index is a multiple of 3), as LangGraph's interrupt flow does (langgraphjs#1996, #2026).
   */
  private readonly writes: PendingWrite[];
  private readonly reput: boolean;

  constructor(private readonly args: PutWritesArgs) {
    this.writes = withLargeFirst(args.writes);
    this.reput = args.target.stored && args.target.index % 3 === 0;
  }

  check(m: Readonly<ModelState>): boolean {
    const { taskId, retry } = this.args;
    const mixed = new Set(this.writes.map(([channel]) => isSpecial(channel))).size > 1;
    return m.model.isDefinedWrite(this.config(m), this.writes, taskId) && (retry === null || !mixed); // JS-03c: a retried mixed call is undefined
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const config = this.config(m);
    const { retry } = this.args;
    const writes = this.writes;
    await this.send(m, r, config, writes);
    if (retry !== null)
      await this.send(
        m,
        r,
        config,
        writes.map(([channel], i): PendingWrite => [channel, retry[i % retry.length]]),
      );
    if (this.reput) await this.putAgain(m, r, config);
  }

  /**
   * Puts the written checkpoint again: the same checkpoint, parent and versions, with metadata that no longer
   * has the filterable keys but `step`. Its writes must stay its pending writes (a REPLACE that cascades to the
   * writes, a whole-document write that resets a has-writes flag lose them), and the metadata must be the new one
   * (a field-by-field upsert keeps the old keys; an index only ever added to still matches the old values).
   */
  private async putAgain(m: ModelState, r: RealState, written: RunnableConfig): Promise<void> {
    const { threadId, ns } = this.args;
    const stored = m.model.storedRecord(threadId, ns, written.configurable!.checkpoint_id as string);
    if (stored === undefined) return; // the writes' checkpoint is not put yet: nothing to put again
    const { checkpoint, metadata: before, parentId } = stored;
    const metadata = Object.fromEntries(Object.entries(before).filter(([key]) => !DROPPED_ON_REPUT.includes(key))) as CheckpointMetadata;
    const config: RunnableConfig = {
      configurable: { thread_id: threadId, checkpoint_ns: ns, ...(parentId === undefined ? {} : { checkpoint_id: parentId }) },
    };
    const newVersions = { ...checkpoint.channel_versions };
    m.env.record(
      `await saver.put(${ts(config)}, ${ts(checkpoint)}, ${ts(metadata)}, ${ts(newVersions)}); // the same checkpoint again, with other metadata`,
    );
    m.model.put(config, checkpoint, metadata);
    await m.env.call("put()", REPUT_IDS, () => r.saver.put(config, structuredClone(checkpoint), structuredClone(metadata), newVersions));
    // Read back and listed at once (reads that change nothing).
    const dropped = Object.entries(before).find(
      ([key, value]) => DROPPED_ON_REPUT.includes(key) && (value === null || typeof value !== "object"),
    );
    const filtered =
      dropped &&
      new ListCommand(
        { threadId, ns, filter: [{ key: dropped[0], value: { kind: "literal", value: dropped[1] } }], before: null, limit: null },
        false,
      );
    await firstRejection([checkTuple(m, r, written), ...(filtered ? [filtered.run(m, r)] : [])]);
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
    const reput = this.reput ? ", re-put" : "";
    return `putWrites(${JSON.stringify(this.args.threadId)}, ${JSON.stringify(this.args.ns)}, ${this.args.taskId}, ${this.writes.map(([c]) => c).join("+")}${again}${reput})`;
  }
}

export const putWritesCommand = (pools: Pools): fc.Arbitrary<PutWritesCommand> => {
  const write = (channels: readonly string[]): fc.Arbitrary<PendingWrite> =>
    fc.tuple(fc.constantFrom(...channels), writeValueOf(pools)).map(([channel, value]): PendingWrite => [channel, value]);
  // Past a backend's page of 100 items on one checkpoint; plain numbers, so they are cheap to draw and store.
  const numbered = (n: number) =>
    Array.from({ length: n }, (_, i): PendingWrite => [REGULAR_WRITE_CHANNELS[i % REGULAR_WRITE_CHANNELS.length], i]);
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
