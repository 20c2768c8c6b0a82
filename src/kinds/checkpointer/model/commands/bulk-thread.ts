import type fc from "fast-check";
import type { Checkpoint, CheckpointMetadata, PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { timestampOf } from "../arbitraries.js";
import { BULK_PAGE, bulkValueOf } from "../../checks/adversarial-pools.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { DeleteThreadCommand } from "./delete-thread.js";
import { CopyThreadCommand, DeleteForRunsCommand, PruneCommand } from "./extended.js";
import { checkTuple, StateCheckCommand } from "./state-check.js";
import { freeBlock } from "./free-block.js";

/** The bulk operations a backend may run one page at a time. */
export type BulkOperation = "deleteThread" | "copyThread" | "prune" | "deleteForRuns";

interface BulkThreadArgs {
  threadId: string;
  /** copyThread's target. */
  target: string;
  /** The run every checkpoint of the thread belongs to (what deleteForRuns deletes). */
  runId: string;
}

const { checkpoints: CHECKPOINTS, valueChars: VALUE_CHARS, writes: WRITES } = BULK_PAGE;
const TASK_ID = "map-task";
const PUT_IDS = ["PUT-01", "ORD-15"] as const;
const WRITE_IDS = ["PW-01", "ORD-15"] as const;

/** Ids below the long threads' (`…-7xxx-…`) and the regular ones (`…-8000-…`); `block` keeps two bulk threads of one thread apart. */
function bulkIdOf(block: number, i: number): string {
  return `1f000000-0000-6000-6${String(block).padStart(3, "0")}-${String(i).padStart(12, "0")}`;
}

/**
 * A thread past one page of its backend (ORD-15): a chain of 12 checkpoints of
 * 100 KB in one run, and 1,100 writes in one call on its head. Then one bulk
 * operation acts on it, and what it left is read back: a deleteThread,
 * deleteForRuns, copyThread or prune that lists what to act on with one query
 * and acts on that first page (1,000 keys; a DynamoDB Query's 1 MB) disagrees.
 * After a delete, the head is put again: it must carry none of the old writes.
 */
export class BulkThreadCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly operation: BulkOperation,
    private readonly args: BulkThreadArgs,
  ) {}

  check(m: Readonly<ModelState>): boolean {
    const { threadId, target } = this.args;
    if (this.block(m) === undefined) return false;
    if (this.operation === "copyThread") return m.model.isDefinedCopy(threadId, target);
    return this.operation !== "prune" || m.model.isDefinedPrune([threadId]);
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const head = await this.putPastAPage(m, r, this.block(m)!);
    const { threadId, target, runId } = this.args;
    if (this.operation === "copyThread") {
      await new CopyThreadCommand(threadId, target).run(m, r);
      await new StateCheckCommand([threadId, target]).run(m, r);
      return;
    }
    if (this.operation === "prune") {
      await new PruneCommand([threadId], "keep_latest").run(m, r);
      await new StateCheckCommand([threadId]).run(m, r);
      return;
    }
    if (this.operation === "deleteThread") await new DeleteThreadCommand(threadId).run(m, r);
    else {
      await new DeleteForRunsCommand([runId]).run(m, r);
      await new StateCheckCommand([threadId]).run(m, r);
    }
    await this.putAgain(m, r, head);
  }

  /** The chain and its head's writes; returns the head's config. */
  private async putPastAPage(m: ModelState, r: RealState, block: number): Promise<RunnableConfig> {
    const { threadId, runId } = this.args;
    const firstVersion = m.env.nextVersion();
    for (let i = 2; i <= CHECKPOINTS; i++) m.env.nextVersion();
    m.env.record(this.loopText(block, firstVersion));
    for (let i = 1; i <= CHECKPOINTS; i++) {
      const config: RunnableConfig = {
        configurable: { thread_id: threadId, checkpoint_ns: "", ...(i > 1 ? { checkpoint_id: bulkIdOf(block, i - 1) } : {}) },
      };
      const version = firstVersion + i - 1;
      const checkpoint: Checkpoint = {
        v: 4,
        id: bulkIdOf(block, i),
        ts: timestampOf(i),
        channel_values: { doc: bulkValueOf(i) },
        channel_versions: { doc: version },
        versions_seen: {},
      };
      const metadata = { source: "loop", step: i, parents: {}, run_id: runId } as CheckpointMetadata;
      m.model.put(config, checkpoint, metadata);
      await m.env.call("put()", PUT_IDS, () => r.saver.put(config, checkpoint, metadata, { doc: version }));
    }
    const head: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: bulkIdOf(block, CHECKPOINTS) } };
    const writes: PendingWrite[] = Array.from({ length: WRITES }, (_, i) => ["results", i]);
    m.env.record(`await saver.putWrites(${ts(head)}, Array.from({ length: ${WRITES} }, (_, i) => ["results", i]), ${ts(TASK_ID)});`);
    m.model.putWrites(head, writes, TASK_ID);
    await m.env.call("putWrites()", WRITE_IDS, () => r.saver.putWrites(head, writes, TASK_ID));
    return head;
  }

  /** Puts the deleted head again, bare: it must come back without the 1,100 writes it held. */
  private async putAgain(m: ModelState, r: RealState, head: RunnableConfig): Promise<void> {
    const { thread_id, checkpoint_id } = head.configurable!;
    const config: RunnableConfig = { configurable: { thread_id, checkpoint_ns: "" } };
    const checkpoint: Checkpoint = {
      v: 4,
      id: checkpoint_id,
      ts: timestampOf(0),
      channel_values: {},
      channel_versions: {},
      versions_seen: {},
    };
    const metadata = { source: "loop", step: 0, parents: {} } as CheckpointMetadata;
    m.env.record(`await saver.put(${ts(config)}, ${ts(checkpoint)}, ${ts(metadata)}, {});`);
    m.model.put(config, checkpoint, metadata);
    await m.env.call("put()", PUT_IDS, () => r.saver.put(config, checkpoint, metadata, {}));
    await checkTuple(m, r, head);
  }

  private block(m: Readonly<ModelState>): number | undefined {
    return freeBlock(m, this.args.threadId, "", (block) => bulkIdOf(block, 1));
  }

  /** The chain as TypeScript: the same construction as `putPastAPage`, keep the two in step. */
  private loopText(block: number, firstVersion: number): string {
    const { threadId, runId } = this.args;
    const id = (v: string) => `\`1f000000-0000-6000-6${String(block).padStart(3, "0")}-\${String(${v}).padStart(12, "0")}\``;
    return [
      `for (let i = 1; i <= ${CHECKPOINTS}; i++) {`,
      `  const config = { configurable: { thread_id: ${ts(threadId)}, checkpoint_ns: "", ...(i > 1 ? { checkpoint_id: ${id("i - 1")} } : {}) } };`,
      `  const checkpoint = { v: 4, id: ${id("i")}, ts: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(), channel_values: { doc: \`\${i}:\`.padEnd(${VALUE_CHARS}, String.fromCharCode(97 + (i % 26))) }, channel_versions: { doc: ${firstVersion} + i - 1 }, versions_seen: {} };`,
      `  await saver.put(config, checkpoint, { source: "loop", step: i, parents: {}, run_id: ${ts(runId)} }, { doc: ${firstVersion} + i - 1 });`,
      `}`,
    ].join("\n");
  }

  toString(): string {
    const { threadId, target, runId } = this.args;
    const then =
      this.operation === "copyThread"
        ? `copyThread to ${JSON.stringify(target)}`
        : this.operation === "deleteForRuns"
          ? `deleteForRuns(${JSON.stringify(runId)})`
          : this.operation;
    return `bulkThread(${JSON.stringify(threadId)}, ${CHECKPOINTS} checkpoints of 100 KB and ${WRITES} writes, then ${then})`;
  }
}
