import fc from "fast-check";
import type { Checkpoint, CheckpointMetadata, CheckpointTuple, PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ID_SEEDS, checkpointIdOf, jsonValue, nsOf, taskIdArb, threadOf, timestampOf, type Pools } from "../arbitraries.js";
import { ModelDisagreement, ts, type ModelState, type RealState } from "../sequence-env.js";
import { listAll } from "../../checks/helpers.js";
import { checkTuple } from "./state-check.js";

type BatchOp =
  | { kind: "put"; threadId: string; ns: string; idSeed: number; fromLatest: boolean; value: unknown }
  | { kind: "putWrites"; threadId: string; ns: string; target: number; taskId: string; value: unknown }
  | { kind: "list"; threadId: string }
  | { kind: "deleteThread"; threadId: string };

/** A batch operation resolved against the state before the batch. */
interface Issued {
  line: string;
  operation: string;
  start: (r: RealState) => Promise<unknown>;
  /** Applies it to the model (batch operations commute, so the order does not matter). */
  apply: (m: ModelState) => void;
  /** What to read back once every operation has resolved. */
  touched?: RunnableConfig;
  list?: { threadId: string; before: string[] };
  /** The thread the operation reads or writes: a deleteThread commutes only with operations on other threads. */
  threadId: string;
  deletes?: boolean;
}

const IDS = ["CONC-01", "CONC-02", "CONC-03", "CONC-04", "RACE-03", "PUT-01", "PW-01", "DT-01"] as const;

/**
 * Several put / putWrites / list / deleteThread calls issued at once, without
 * awaiting in between, as parallel tasks and subgraphs do. The calls are chosen
 * so that they commute (new checkpoints at distinct coordinates, writes of
 * distinct tasks, deletes of threads no other call touches), so every
 * interleaving has one correct outcome: a saver that loses an update in a
 * read-modify-write (or a delete that rewrites the store from a snapshot, RACE-03),
 * keeps per-call state in an instance field, or resolves before its write is
 * stored disagrees when the batch is read back.
 * A list() running during the batch must yield every checkpoint that existed
 * before it once, and nothing that does not exist after it (CONC-04).
 */
export class ConcurrentBatchCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly ops: BatchOp[]) {}

  check(m: Readonly<ModelState>): boolean {
    const issued = this.issue(m, () => 0); // check() only asks whether the batch commutes: no version is spent
    return issued !== undefined && issued.filter((op) => op.list === undefined).length >= 2;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const issued = this.issue(m, () => m.env.nextVersion())!;
    m.env.record(`await Promise.all([\n  ${issued.map((op) => op.line).join(",\n  ")},\n]);`);
    const results = await Promise.all(issued.map((op) => m.env.call(op.operation, IDS, () => op.start(r))));
    // A rejection explained by a declared behaviour (deleteThread before setup) changed nothing.
    issued.forEach((op, i) => results[i] !== undefined && op.apply(m));
    for (const [i, op] of issued.entries()) {
      if (op.touched) await checkTuple(m, r, op.touched);
      if (op.list) this.checkList(m, op.list, (results[i]?.value ?? []) as CheckpointTuple[]);
    }
  }

  private checkList(m: ModelState, { threadId, before }: { threadId: string; before: string[] }, yielded: CheckpointTuple[]): void {
    const key = (t: CheckpointTuple) =>
      JSON.stringify([t.config?.configurable?.checkpoint_ns ?? "", t.config?.configurable?.checkpoint_id]);
    const after = new Set(
      m.model
        .allCoordinates()
        .filter((c) => c.threadId === threadId)
        .map((c) => JSON.stringify([c.ns, c.checkpointId])),
    );
    const keys = yielded.map(key);
    const lines = [
      ...keys.filter((k, i) => keys.indexOf(k) !== i).map((k) => `- ${k} was yielded twice`),
      ...before.filter((k) => !keys.includes(k)).map((k) => `- ${k} existed before the batch but was not yielded`),
      ...keys.filter((k) => !after.has(k)).map((k) => `- ${k} was yielded but does not exist`),
    ];
    if (lines.length > 0)
      throw new ModelDisagreement(`list({ thread_id: ${ts(threadId)} }) during concurrent puts`, ["CONC-04", "LS-01"], lines);
  }

  /** Resolves every operation against the current state, or undefined when two would not commute. */
  private issue(m: Readonly<ModelState>, nextVersion: () => number): Issued[] | undefined {
    const claimed = new Set<string>();
    const issued: Issued[] = [];
    for (const op of this.ops) {
      const next = issueOp(m, op, nextVersion);
      if (next === undefined) continue;
      if (next.claim !== undefined) {
        if (claimed.has(next.claim)) return undefined;
        claimed.add(next.claim);
      }
      issued.push(next.issued);
    }
    const deleted = new Set(issued.filter((op) => op.deletes).map((op) => op.threadId));
    return issued.every((op) => op.deletes || !deleted.has(op.threadId)) ? issued : undefined;
  }

  toString(): string {
    return `concurrently(${this.ops.map((op) => `${op.kind} ${JSON.stringify(op.threadId)}`).join(", ")})`;
  }
}

function issueOp(m: Readonly<ModelState>, op: BatchOp, nextVersion: () => number): { claim?: string; issued: Issued } | undefined {
  switch (op.kind) {
    case "put":
      return issuePut(m, op, nextVersion);
    case "putWrites":
      return issueWrites(m, op);
    case "list":
      return issueList(m, op);
    case "deleteThread":
      return issueDelete(op);
  }
}

function issuePut(
  m: Readonly<ModelState>,
  op: Extract<BatchOp, { kind: "put" }>,
  nextVersion: () => number,
): { claim: string; issued: Issued } | undefined {
  const { threadId, ns } = op;
  const id = checkpointIdOf(op.idSeed);
  const parentId = op.fromLatest ? m.model.checkpointIds(threadId, ns).at(-1) : undefined;
  if (!m.model.isDefinedPut(threadId, ns, id) || (parentId !== undefined && parentId >= id)) return undefined;
  const version = nextVersion();
  const checkpoint: Checkpoint = {
    v: 4,
    id,
    ts: timestampOf(op.idSeed),
    channel_values: { a: op.value },
    channel_versions: { a: version },
    versions_seen: {},
  };
  const metadata = { source: "loop", step: op.idSeed, parents: {} } as CheckpointMetadata;
  const config: RunnableConfig = {
    configurable: { thread_id: threadId, checkpoint_ns: ns, ...(parentId !== undefined ? { checkpoint_id: parentId } : {}) },
  };
  const newVersions = { a: version };
  return {
    claim: JSON.stringify(["put", threadId, ns, id]),
    issued: {
      line: `saver.put(${ts(config)}, ${ts(checkpoint)}, ${ts(metadata)}, ${ts(newVersions)})`,
      operation: "put()",
      start: (r) => r.saver.put(config, structuredClone(checkpoint), structuredClone(metadata), newVersions),
      apply: (model) => model.model.put(config, checkpoint, metadata),
      touched: { configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: id } },
      threadId,
    },
  };
}

function issueWrites(m: Readonly<ModelState>, op: Extract<BatchOp, { kind: "putWrites" }>): { claim: string; issued: Issued } | undefined {
  const { threadId, ns } = op;
  const stored = m.model.checkpointIds(threadId, ns);
  if (stored.length === 0) return undefined;
  const config: RunnableConfig = {
    configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: stored[op.target % stored.length] },
  };
  const writes: PendingWrite[] = [["ch", op.value]];
  return {
    claim: JSON.stringify(["putWrites", config.configurable, op.taskId]),
    issued: {
      line: `saver.putWrites(${ts(config)}, ${ts(writes)}, ${ts(op.taskId)})`,
      operation: "putWrites()",
      start: (r) => r.saver.putWrites(config, structuredClone(writes), op.taskId),
      apply: (model) => model.model.putWrites(config, writes, op.taskId),
      touched: config,
      threadId,
    },
  };
}

function issueList(m: Readonly<ModelState>, op: Extract<BatchOp, { kind: "list" }>): { claim?: string; issued: Issued } {
  const threadId = op.threadId;
  const before = m.model
    .allCoordinates()
    .filter((c) => c.threadId === threadId)
    .map((c) => JSON.stringify([c.ns, c.checkpointId]));
  const config: RunnableConfig = { configurable: { thread_id: threadId } };
  return {
    issued: {
      line: `all(saver.list(${ts(config)}))`,
      operation: "list()",
      start: (r) => listAll(r.saver, config),
      apply: () => undefined,
      list: { threadId, before },
      threadId,
    },
  };
}

function issueDelete(op: Extract<BatchOp, { kind: "deleteThread" }>): { claim: string; issued: Issued } {
  const { threadId } = op;
  return {
    claim: JSON.stringify(["deleteThread", threadId]),
    issued: {
      line: `saver.deleteThread(${ts(threadId)})`,
      operation: "deleteThread()",
      start: (r) => r.saver.deleteThread(threadId),
      apply: (model) => model.model.deleteThread(threadId),
      threadId,
      deletes: true,
    },
  };
}

const batchOp = (pools: Pools): fc.Arbitrary<BatchOp> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("put" as const),
        threadId: threadOf(pools),
        ns: nsOf(pools),
        idSeed: fc.integer({ min: 1, max: ID_SEEDS }),
        fromLatest: fc.boolean(),
        value: jsonValue,
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("putWrites" as const),
        threadId: threadOf(pools),
        ns: nsOf(pools),
        target: fc.nat(8),
        taskId: taskIdArb,
        value: jsonValue,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("list" as const), threadId: threadOf(pools) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteThread" as const), threadId: threadOf(pools) }) },
  );

export const concurrentBatchCommand = (pools: Pools): fc.Arbitrary<ConcurrentBatchCommand> =>
  fc.array(batchOp(pools), { minLength: 2, maxLength: 4 }).map((ops) => new ConcurrentBatchCommand(ops));
