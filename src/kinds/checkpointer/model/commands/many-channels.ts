import type fc from "fast-check";
import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { timestampOf } from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { checkTuple } from "./state-check.js";
import { freeBlock } from "./free-block.js";

interface ManyChannelsArgs {
  threadId: string;
  ns: string;
}

/** Past a batch-get of 100 keys (DynamoDB's BatchGetItem), as ORD-12's spec test. */
const CHANNELS = 150;
const IDS = ["PUT-01", "ORD-12"] as const;

/** Ids below every other generated id (`…-5xxx-…`); `block` keeps two of them in one (thread, namespace) apart. */
function idOf(block: number): string {
  return `1f000000-0000-6000-5${String(block).padStart(3, "0")}-000000000001`;
}

/**
 * A root checkpoint with 150 channels, each with its own value and a fresh
 * version, read back at once by id (and by every later state check): a saver
 * that reads a checkpoint's stored values with one batch-get of 100 keys loses
 * the rest.
 */
export class ManyChannelsCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: ManyChannelsArgs) {}

  check(m: Readonly<ModelState>): boolean {
    return this.block(m) !== undefined;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { threadId, ns } = this.args;
    const id = idOf(this.block(m)!);
    const firstVersion = m.env.nextVersion();
    for (let i = 2; i <= CHANNELS; i++) m.env.nextVersion();
    const channels = Array.from({ length: CHANNELS }, (_, i) => `channel-${i}`);
    const versions = Object.fromEntries(channels.map((channel, i) => [channel, firstVersion + i]));
    const checkpoint: Checkpoint = {
      v: 4,
      id,
      ts: timestampOf(1),
      channel_values: Object.fromEntries(channels.map((c, i) => [c, i])),
      channel_versions: versions,
      versions_seen: {},
    };
    const config: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: ns } };
    const metadata = { source: "loop", step: 1, parents: {} } as CheckpointMetadata;
    m.env.record(
      [
        `const channels = Array.from({ length: ${CHANNELS} }, (_, i) => \`channel-\${i}\`);`,
        `const versions = Object.fromEntries(channels.map((channel, i) => [channel, ${firstVersion} + i]));`,
        `await saver.put(${ts(config)}, { v: 4, id: ${ts(id)}, ts: ${ts(checkpoint.ts)}, channel_values: Object.fromEntries(channels.map((c, i) => [c, i])), channel_versions: versions, versions_seen: {} }, ${ts(metadata)}, versions);`,
      ].join("\n"),
    );
    m.model.put(config, checkpoint, metadata);
    await m.env.call("put()", IDS, () => r.saver.put(config, checkpoint, metadata, versions));
    await checkTuple(m, r, { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: id } });
  }

  private block(m: Readonly<ModelState>): number | undefined {
    return freeBlock(m, this.args.threadId, this.args.ns, idOf);
  }

  toString(): string {
    return `manyChannels(${JSON.stringify(this.args.threadId)}, ${JSON.stringify(this.args.ns)}, ${CHANNELS} channels)`;
  }
}
