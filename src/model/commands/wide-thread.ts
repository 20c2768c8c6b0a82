import fc from "fast-check";
import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointIdOf, threadOf, timestampOf, type Pools } from "../arbitraries.js";
import { WIDE_THREAD_NAMESPACES } from "../../spec/adversarial-pools.js";
import { diffList } from "../compare.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { listAll } from "../../spec/helpers.js";
import { DeleteThreadCommand } from "./delete-thread.js";

interface WideThreadArgs {
  /** Wide threads are costly: only sequences whose pools allow them get one, and then one draw in four (check() is false). */
  enabled: boolean;
  threadId: string;
  namespaces: number;
  /** Delete the thread afterwards (a batch-delete API's limit of 100 keys). */
  thenDelete: boolean;
}

const PREFIX = "wide:";
const namespaceOf = (i: number) => `${PREFIX}${i}`;
const LIST_IDS = ["LS-01", "LS-15", "ORD-08"] as const;

/**
 * A thread with a checkpoint in each of more than 100 namespaces (a namespace
 * index read one page of 100 at a time, a batch delete of 100 keys), listed
 * whole without a namespace, then sometimes deleted (each checkpoint is read
 * by id before and after: ORD-09).
 */
export class WideThreadCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: WideThreadArgs) {}

  check(m: Readonly<ModelState>): boolean {
    return this.args.enabled && !m.model.namespaces(this.args.threadId).some((ns) => ns.startsWith(PREFIX));
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { threadId, namespaces } = this.args;
    const id = checkpointIdOf(1);
    const firstVersion = m.env.nextVersion();
    for (let i = 2; i <= namespaces; i++) m.env.nextVersion();
    m.env.record(
      [
        `for (let i = 1; i <= ${namespaces}; i++) {`,
        `  const checkpoint = { v: 4, id: ${ts(id)}, ts: ${ts(timestampOf(1))}, channel_values: { a: i }, channel_versions: { a: ${firstVersion} + i - 1 }, versions_seen: {} };`,
        `  await saver.put({ configurable: { thread_id: ${ts(threadId)}, checkpoint_ns: \`${PREFIX}\${i}\` } }, checkpoint, { source: "loop", step: i, parents: {} }, { a: ${firstVersion} + i - 1 });`,
        `}`,
      ].join("\n"),
    );
    for (let i = 1; i <= namespaces; i++) {
      const config: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: namespaceOf(i) } };
      const version = firstVersion + i - 1;
      const checkpoint: Checkpoint = { v: 4, id, ts: timestampOf(1), channel_values: { a: i }, channel_versions: { a: version }, versions_seen: {} };
      const metadata = { source: "loop", step: i, parents: {} } as CheckpointMetadata;
      m.model.put(config, checkpoint, metadata);
      await m.env.call("put()", ["PUT-01", "ORD-08"], () => r.saver.put(config, checkpoint, metadata, { a: version }));
    }
    const config: RunnableConfig = { configurable: { thread_id: threadId } };
    await m.env.recordOnFailure(`console.log(await all(saver.list(${ts(config)})));`, async () => {
      const actual = (await m.env.call("list()", LIST_IDS, () => listAll(r.saver, config)))?.value ?? [];
      m.env.expectSame("list()", LIST_IDS, diffList(m.model.list(config), actual), () => diffList(m.model.list(config, {}, "task-id"), actual));
    });
    if (this.args.thenDelete) await new DeleteThreadCommand(threadId).run(m, r);
  }

  toString(): string {
    return `wideThread(${JSON.stringify(this.args.threadId)}, ${this.args.namespaces} namespaces${this.args.thenDelete ? ", then delete" : ""})`;
  }
}

export const wideThreadCommand = (pools: Pools): fc.Arbitrary<WideThreadCommand> =>
  fc
    .record({
      enabled: pools.longThreads ? fc.integer({ min: 1, max: 4 }).map((n) => n === 1) : fc.constant(false),
      threadId: threadOf(pools),
      namespaces: fc.integer(WIDE_THREAD_NAMESPACES),
      thenDelete: fc.boolean(),
    })
    .map((args) => new WideThreadCommand(args));
