import fc from "fast-check";
import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { nsOf, threadOf, type Pools } from "../arbitraries.js";
import { LONG_THREAD_LENGTHS, VERY_LONG_THREAD_LENGTHS } from "../../checks/adversarial-pools.js";
import { diffList } from "../compare.js";
import type { ListOptions } from "../reference-model.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { listAll } from "../../checks/helpers.js";
import { freeBlock } from "./free-block.js";

interface LongThreadArgs {
  /** Long threads are costly: only sequences whose pools allow them get one, and then not always (check() is false). */
  enabled: boolean;
  threadId: string;
  ns: string;
  length: number;
  /** The checkpoint whose parent is the one two before it (a fork), not the previous one; 0 for none. */
  forkAt: number;
}

const PUT_IDS = ["PUT-01", "PUT-12"] as const;
const LIST_IDS = ["LS-01", "LS-04", "LS-10", "LS-11", "LS-13"] as const;

/**
 * Every checkpoint of a long thread has the same `ts`, as steps within one millisecond do:
 * only the id orders them.
 */
const SAME_TS = "2024-12-31T00:00:00.000Z";

/**
 * Ids of a long thread sort below every other generated id (`…-7xxx-…` < `…-8000-…`), so the
 * regular commands can still fork from them. `block` keeps two long threads of one namespace apart.
 */
function longIdOf(block: number, i: number): string {
  return `1f000000-0000-6000-7${String(block).padStart(3, "0")}-${String(i).padStart(12, "0")}`;
}

/**
 * A thread past 100 checkpoints (a backend's page size or default limit), rarely past 1,000,
 * all with the same ts, channel versions far past 10, falsy channel values,
 * run ids of the sequence's family in the metadata, and sometimes a fork
 * inside the chain. It is then read through list() whole, with limits at the
 * boundary and with `before` in the middle: a saver that stops at its first
 * page, sorts by ts or sorts ids as numbers disagrees.
 */
export class LongThreadCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly args: LongThreadArgs,
    private readonly runIds: readonly string[],
  ) {}

  check(m: Readonly<ModelState>): boolean {
    return this.args.enabled && this.block(m) !== undefined;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { threadId, ns, length } = this.args;
    const block = this.block(m)!;
    const firstVersion = m.env.nextVersion();
    for (let i = 2; i <= length; i++) m.env.nextVersion(); // the versions this thread uses
    m.env.record(this.loopText(block, firstVersion));
    for (let i = 1; i <= length; i++) {
      const { config, checkpoint, metadata } = this.build(block, firstVersion, i);
      m.model.put(config, checkpoint, metadata);
      await m.env.call("put()", PUT_IDS, () => r.saver.put(config, checkpoint, metadata, { a: checkpoint.channel_versions.a }));
    }
    const ids = m.model.checkpointIds(threadId, ns);
    // Whole, cut at 100 (at one fewer than all in a thread shrunk shorter), and from the middle on (the state check lists the whole thread too).
    const reads: ListOptions[] = [
      {},
      { limit: Math.max(1, Math.min(100, length - 1)) },
      { before: { configurable: { checkpoint_id: ids[Math.min(ids.length - 1, 101)] } } },
    ];
    for (const options of reads) await this.checkList(m, r, { configurable: { thread_id: threadId, checkpoint_ns: ns } }, options);
  }

  private async checkList(m: ModelState, r: RealState, config: RunnableConfig, options: ListOptions): Promise<void> {
    const optionsText = Object.keys(options).length > 0 ? `, ${ts(options)}` : "";
    await m.env.recordOnFailure(`console.log(await all(saver.list(${ts(config)}${optionsText})));`, async () => {
      const actual = (await m.env.call("list()", LIST_IDS, () => listAll(r.saver, config, options)))?.value ?? [];
      m.env.expectSame("list()", LIST_IDS, diffList(m.model.list(config, options), actual), () =>
        diffList(m.model.list(config, options, "task-id"), actual),
      );
    });
  }

  private block(m: Readonly<ModelState>): number | undefined {
    return freeBlock(m, this.args.threadId, this.args.ns, (block) => longIdOf(block, 1));
  }

  private parentOf(i: number): number {
    return i === this.args.forkAt ? i - 2 : i - 1;
  }

  /** The i-th checkpoint (1-based). `loopText` is the same construction as TypeScript: keep the two in step. */
  private build(
    block: number,
    firstVersion: number,
    i: number,
  ): { config: RunnableConfig; checkpoint: Checkpoint; metadata: CheckpointMetadata } {
    const { threadId, ns } = this.args;
    const parent = this.parentOf(i);
    const config: RunnableConfig = {
      configurable: { thread_id: threadId, checkpoint_ns: ns, ...(parent >= 1 ? { checkpoint_id: longIdOf(block, parent) } : {}) },
    };
    const version = firstVersion + i - 1;
    const checkpoint: Checkpoint = {
      v: 4,
      id: longIdOf(block, i),
      ts: SAME_TS,
      channel_values: { a: [0, "", false, null, i][i % 5] },
      channel_versions: { a: version },
      versions_seen: {},
    };
    const metadata = { source: "loop", step: i, parents: {}, run_id: this.runIds[i % this.runIds.length] } as CheckpointMetadata;
    return { config, checkpoint, metadata };
  }

  private loopText(block: number, firstVersion: number): string {
    const { threadId, ns, length, forkAt } = this.args;
    const id = (v: string) => `\`1f000000-0000-6000-7${String(block).padStart(3, "0")}-\${String(${v}).padStart(12, "0")}\``;
    return [
      `for (let i = 1; i <= ${length}; i++) {`,
      `  const parent = i === ${forkAt} ? i - 2 : i - 1;`,
      `  const config = { configurable: { thread_id: ${ts(threadId)}, checkpoint_ns: ${ts(ns)}, ...(parent >= 1 ? { checkpoint_id: ${id("parent")} } : {}) } };`,
      `  const checkpoint = { v: 4, id: ${id("i")}, ts: ${ts(SAME_TS)}, channel_values: { a: [0, "", false, null, i][i % 5] }, channel_versions: { a: ${firstVersion} + i - 1 }, versions_seen: {} };`,
      `  await saver.put(config, checkpoint, { source: "loop", step: i, parents: {}, run_id: ${ts(this.runIds)}[i % ${this.runIds.length}] }, { a: ${firstVersion} + i - 1 });`,
      `}`,
    ].join("\n");
  }

  /** Its puts are a loop: shrinking a reproduction cuts it to the fewest that still disagree. */
  get repetitions(): number {
    return this.args.length;
  }

  withRepetitions(length: number): LongThreadCommand {
    return new LongThreadCommand({ ...this.args, length, forkAt: this.args.forkAt <= length ? this.args.forkAt : 0 }, this.runIds);
  }

  toString(): string {
    const { threadId, ns, length, forkAt } = this.args;
    return `longThread(${JSON.stringify(threadId)}, ${JSON.stringify(ns)}, ${length} checkpoints${forkAt > 0 ? `, fork at ${forkAt}` : ""})`;
  }
}

export const longThreadCommand = (pools: Pools): fc.Arbitrary<LongThreadCommand> =>
  fc
    .record({
      enabled: pools.longThreads ? fc.boolean() : fc.constant(false),
      threadId: threadOf(pools),
      ns: nsOf(pools),
      // Rarely past 1,000 (a second backend page of 1,000 rows): ten times the cost of a long thread.
      length: fc.oneof(
        { weight: 19, arbitrary: fc.integer(LONG_THREAD_LENGTHS) },
        { weight: 1, arbitrary: fc.integer(VERY_LONG_THREAD_LENGTHS) },
      ),
      forkAt: fc.oneof(fc.constant(0), fc.integer({ min: 3, max: LONG_THREAD_LENGTHS.min })),
    })
    .map((args) => new LongThreadCommand(args, pools.runIds));
