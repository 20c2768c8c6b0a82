import fc from "fast-check";
import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointIdOf, threadOf, timestampOf, type Pools } from "../arbitraries.js";
import { WIDE_THREAD_NAMESPACES } from "../../checks/adversarial-pools.js";
import { diffList } from "../compare.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { listAll } from "../../checks/helpers.js";
import { DeleteThreadCommand } from "./delete-thread.js";
import type { Capability } from "../../capabilities.js";
import { BulkThreadCommand, type BulkOperation } from "./bulk-thread.js";
import { ManyChannelsCommand } from "./many-channels.js";

interface WideThreadArgs {
  /** Wide threads are costly: only sequences whose pools allow them get one, and then one draw in four (check() is false). */
  enabled: boolean;
  threadId: string;
  namespaces: number;
  /** Delete the thread afterwards (a batch-delete API's limit of 100 keys). */
  thenDelete: boolean;
}

const PREFIX = "wide:";

/**
 * What a wide thread of each width adds before its delete (ORD-15, ORD-12): a bulk thread
 * followed by an extended operation the saver has, or a checkpoint of 150 channels. Derived
 * from the drawn width, not drawn, so the sequences a seed gives stay what they were.
 */
const FOLLOW_UPS: Record<number, { operation: BulkOperation; capability: Capability } | "many-channels"> = {
  101: { operation: "copyThread", capability: "copy_thread" },
  102: { operation: "prune", capability: "prune" },
  103: { operation: "deleteForRuns", capability: "delete_for_runs" },
  104: "many-channels",
};
const namespaceOf = (i: number) => `${PREFIX}${i}`;
const LIST_IDS = ["LS-01", "LS-15", "ORD-08"] as const;

/**
 * A thread with a checkpoint in each of more than 100 namespaces (a namespace
 * index read one page of 100 at a time, a batch delete of 100 keys), listed
 * whole without a namespace, then sometimes deleted (each checkpoint is read
 * by id before and after: ORD-09). Before the delete, one width in four adds a
 * 150-channel checkpoint and each other a bulk thread (FOLLOW_UPS).
 */
export class WideThreadCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly args: WideThreadArgs,
    private readonly extended: ReadonlySet<Capability>,
    private readonly pools: Pick<Pools, "threads" | "runIds">,
  ) {}

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
      const checkpoint: Checkpoint = {
        v: 4,
        id,
        ts: timestampOf(1),
        channel_values: { a: i },
        channel_versions: { a: version },
        versions_seen: {},
      };
      const metadata = { source: "loop", step: i, parents: {} } as CheckpointMetadata;
      m.model.put(config, checkpoint, metadata);
      await m.env.call("put()", ["PUT-01", "ORD-08"], () => r.saver.put(config, checkpoint, metadata, { a: version }));
    }
    const config: RunnableConfig = { configurable: { thread_id: threadId } };
    await m.env.recordOnFailure(`console.log(await all(saver.list(${ts(config)})));`, async () => {
      const actual = (await m.env.call("list()", LIST_IDS, () => listAll(r.saver, config)))?.value ?? [];
      m.env.expectSame("list()", LIST_IDS, diffList(m.model.list(config), actual), () =>
        diffList(m.model.list(config, {}, "task-id"), actual),
      );
    });
    await this.followUp(m, r);
    if (this.args.thenDelete) await new DeleteThreadCommand(threadId).run(m, r);
  }

  private async followUp(m: ModelState, r: RealState): Promise<void> {
    const { threadId, namespaces } = this.args;
    const followUp = FOLLOW_UPS[namespaces];
    if (followUp === "many-channels") {
      const command = new ManyChannelsCommand({ threadId, ns: "" });
      if (command.check(m)) await command.run(m, r);
      return;
    }
    if (!followUp || !this.extended.has(followUp.capability)) return;
    // copyThread's target: the first thread of the sequence that holds nothing (none: no copy).
    const target = this.pools.threads.find((t) => t !== threadId && m.model.isThreadEmpty(t)) ?? threadId;
    const command = new BulkThreadCommand(followUp.operation, {
      threadId,
      target,
      runId: this.pools.runIds[namespaces % this.pools.runIds.length]!,
    });
    if (command.check(m)) await command.run(m, r);
  }

  toString(): string {
    const followUp = FOLLOW_UPS[this.args.namespaces];
    const then =
      followUp === "many-channels"
        ? ", a 150-channel checkpoint"
        : followUp && this.extended.has(followUp.capability)
          ? `, a bulk thread then ${followUp.operation}`
          : "";
    return `wideThread(${JSON.stringify(this.args.threadId)}, ${this.args.namespaces} namespaces${then}${this.args.thenDelete ? ", then delete" : ""})`;
  }
}

export const wideThreadCommand = (pools: Pools, extended: ReadonlySet<Capability>): fc.Arbitrary<WideThreadCommand> =>
  fc
    .record({
      enabled: pools.longThreads ? fc.integer({ min: 1, max: 4 }).map((n) => n === 1) : fc.constant(false),
      threadId: threadOf(pools),
      namespaces: fc.integer(WIDE_THREAD_NAMESPACES),
      thenDelete: fc.boolean(),
    })
    .map((args) => new WideThreadCommand(args, extended, pools));
