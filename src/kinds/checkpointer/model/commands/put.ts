import fc from "fast-check";
import type { ChannelVersions, Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { diffValues } from "../../../../format.js";
import {
  ID_SEEDS,
  channelValueOf,
  checkpointIdOf,
  idSeed,
  metadataArb,
  nsOf,
  python,
  threadOf,
  timestampOf,
  type Pools,
} from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { diffLines } from "../compare.js";
import { ModelDisagreement } from "../sequence-env.js";

type ChannelChange = { kind: "keep"; alsoNew: boolean } | { kind: "set"; value: unknown } | { kind: "drop" };

interface PutArgs {
  threadId: string;
  ns: string;
  idSeed: number;
  /** `pick`: one of the (thread, ns)'s stored checkpoints; `missing`: an id that may not exist. */
  parent: { kind: "none" } | { kind: "latest" } | { kind: "pick"; index: number } | { kind: "missing"; idSeed: number };
  /** The sequence's channels, each kept, set or dropped. */
  changes: Record<string, ChannelChange>;
  /** Channels the checkpoint's versions_seen records for a node. */
  seen: readonly string[];
  metadata: Record<string, unknown>;
  /** Leave checkpoint_ns out of the config (only for the root namespace; PUT-09). */
  omitNs: boolean;
  /** A ts that runs against id order (a clock that went back, an imported checkpoint): order is by id, never by ts (ORD-04). */
  tsAgainstId: boolean;
  /**
   * Who makes the changed channels' versions. `sequence`: a counter of the sequence, so a (channel,
   * version) never gets two values. `saver`: the saver's getNextVersion of the parent's version, as
   * LangGraph does, so forks of one parent and a graph and its subgraph may share one (ORD-11, KEY-10).
   * `python`: Python LangGraph wrote the checkpoint (VAL-14): string versions (counted per thread and
   * namespace, so they repeat across namespaces: KEY-10), a microsecond `+00:00` ts and a step past 32-bit integers.
   */
  writer: "sequence" | "saver" | "python";
}

type NextVersion = (channel: string, parentVersion: unknown) => ChannelVersions[string];

const IDS = ["PUT-01", "PUT-09", "PUT-12", "PUT-13", "JS-09"] as const;

/**
 * put(): a new checkpoint, a root or a child of a stored (or missing) parent.
 * Its channels start from the parent's values and versions, as a LangGraph step
 * does: kept channels keep their version (newVersions may still list them),
 * changed ones get a fresh version and are in newVersions, dropped ones vanish
 * (PUT-13..PUT-15). A (channel, version) pair never gets two values, so savers
 * that store a blob per version and ones that store whole checkpoints agree.
 */
export class PutCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: PutArgs) {}

  /**
   * A parent id is always lower than its child's (as uuid6 ids are over time), so parent chains
   * never loop: a loop would hang every saver's history walk, and LangGraph never makes one.
   */
  check(m: Readonly<ModelState>): boolean {
    const { threadId, ns } = this.args;
    const id = checkpointIdOf(this.args.idSeed);
    const parentId = this.parentId(m, threadId, ns);
    return m.model.isDefinedPut(threadId, ns, id) && (parentId === undefined || parentId < id);
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { config, checkpoint, metadata, newVersions } = this.build(m, this.nextVersion(m, r));
    m.env.record(
      `await saver.put(${ts(config)}, ${ts(checkpoint)}, ${ts(metadata)}, ${ts(newVersions)}); // then the caller changes these objects`,
    );
    const expected = m.model.put(config, checkpoint, metadata);
    const result = await m.env.call("put()", IDS, () => r.saver.put(config, checkpoint, metadata, newVersions));
    reuseObjects(checkpoint, metadata);
    const returned = result?.value;
    const diffs = diffValues(expected.configurable, returned?.configurable);
    if (diffs.length > 0) throw new ModelDisagreement("put() (the returned config)", ["PUT-01", "PUT-09", "JS-08"], diffLines(diffs));
  }

  private nextVersion(m: ModelState, r: RealState): NextVersion {
    switch (this.args.writer) {
      case "python":
        return () => python.version(m.env.nextVersionIn(this.args.threadId, this.args.ns));
      // The base class and MemorySaver take numbers only (a Python version's successor is not asked: VAL-14).
      case "saver":
        return (_channel, parentVersion) => r.saver.getNextVersion(typeof parentVersion === "number" ? parentVersion : undefined);
      case "sequence":
        return () => m.env.nextVersion();
    }
  }

  private build(m: ModelState, nextVersion: NextVersion) {
    const { threadId, ns } = this.args;
    const parentId = this.parentId(m, threadId, ns);
    const parent = parentId === undefined ? undefined : m.model.storedCheckpoint(threadId, ns, parentId);
    const values: Record<string, unknown> = {};
    const versions: ChannelVersions = {};
    const newVersions: ChannelVersions = {};
    for (const [channel, change] of Object.entries(this.args.changes)) {
      const inherited = parent && Object.hasOwn(parent.channel_versions, channel);
      if (change.kind === "set") {
        values[channel] = structuredClone(change.value); // fresh objects: the caller changes them after put
        versions[channel] = nextVersion(channel, inherited ? parent.channel_versions[channel] : undefined);
        newVersions[channel] = versions[channel];
      } else if (change.kind === "keep" && inherited) {
        values[channel] = parent.channel_values[channel];
        versions[channel] = parent.channel_versions[channel];
        if (change.alsoNew) newVersions[channel] = versions[channel];
      }
    }
    const seen = Object.fromEntries(this.args.seen.filter((c) => Object.hasOwn(versions, c)).map((c) => [c, versions[c]]));
    const fromPython = this.args.writer === "python";
    const tsSeed = this.args.tsAgainstId ? ID_SEEDS + 1 - this.args.idSeed : this.args.idSeed;
    const checkpoint: Checkpoint = {
      v: 4,
      id: checkpointIdOf(this.args.idSeed),
      ts: fromPython ? python.timestamp(tsSeed) : timestampOf(tsSeed),
      channel_values: values,
      channel_versions: versions,
      versions_seen: Object.keys(seen).length > 0 ? { "node:1": seen } : {},
    };
    const configurable: Record<string, unknown> = { thread_id: threadId };
    if (!(this.args.omitNs && ns === "")) configurable.checkpoint_ns = ns;
    if (parentId !== undefined) configurable.checkpoint_id = parentId;
    const config: RunnableConfig = { configurable };
    const metadata = structuredClone(this.args.metadata) as CheckpointMetadata;
    if (fromPython) metadata.step = python.step(this.args.idSeed);
    return { config, checkpoint, metadata, newVersions };
  }

  private parentId(m: Readonly<ModelState>, threadId: string, ns: string): string | undefined {
    const parent = this.args.parent;
    if (parent.kind === "missing") return checkpointIdOf(parent.idSeed);
    if (parent.kind === "none") return undefined;
    const stored = m.model.checkpointIds(threadId, ns);
    if (parent.kind === "latest") return stored.at(-1);
    return stored.length === 0 ? undefined : stored[parent.index % stored.length];
  }

  toString(): string {
    const { threadId, ns, idSeed: id, parent } = this.args;
    const p =
      parent.kind === "pick"
        ? `parent#${parent.index}`
        : parent.kind === "missing"
          ? `parent:missing-${parent.idSeed}`
          : parent.kind === "latest"
            ? "parent:latest"
            : "root";
    const writer = this.args.writer === "sequence" ? "" : `, ${this.args.writer} versions`;
    return `put(${JSON.stringify(threadId)}, ${JSON.stringify(ns)}, id ${id}, ${p}${writer})`;
  }
}

const changeOf = (pools: Pools): fc.Arbitrary<ChannelChange> =>
  fc.oneof(
    fc.record({ kind: fc.constant("keep" as const), alsoNew: fc.boolean() }),
    fc.record({ kind: fc.constant("set" as const), value: channelValueOf(pools) }),
    fc.constant({ kind: "drop" as const }),
  );

export const putCommand = (pools: Pools): fc.Arbitrary<PutCommand> =>
  fc
    .record({
      threadId: threadOf(pools),
      ns: nsOf(pools),
      idSeed,
      parent: fc.oneof(
        { weight: 2, arbitrary: fc.constant({ kind: "none" as const }) },
        { weight: 4, arbitrary: fc.constant({ kind: "latest" as const }) },
        { weight: 5, arbitrary: fc.record({ kind: fc.constant("pick" as const), index: fc.nat(8) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("missing" as const), idSeed }) },
      ),
      changes: fc.record(
        Object.fromEntries(pools.channels.map((c) => [c, changeOf(pools)])) as Record<string, fc.Arbitrary<ChannelChange>>,
      ),
      seen: fc.subarray([...pools.channels]),
      metadata: metadataArb(pools),
      omitNs: fc.boolean(),
      tsAgainstId: fc.boolean(),
      writer: fc.oneof(
        { weight: 6, arbitrary: fc.constant("sequence" as const) },
        { weight: 2, arbitrary: fc.constant("saver" as const) },
        { weight: 1, arbitrary: fc.constant("python" as const) },
      ),
    })
    .map((args) => new PutCommand(args));

/**
 * ISO: after put resolves, LangGraph may reuse and change the objects it passed;
 * a saver that keeps references (instead of copies or serialized forms) changes
 * what it stored.
 */
function reuseObjects(checkpoint: Checkpoint, metadata: CheckpointMetadata): void {
  checkpoint.channel_values["changed-by-the-caller"] = true;
  checkpoint.channel_versions["changed-by-the-caller"] = 0;
  (metadata as Record<string, unknown>)["changed-by-the-caller"] = true;
}
