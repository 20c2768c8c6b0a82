import { randomBytes } from "node:crypto";
import { uuid6, type BaseCheckpointSaver, type ChannelVersions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { expectDefined, expectEqual } from "../../../assert.js";
import { LARGE_STEPS, pythonTimestamp, pythonVersion } from "./adversarial-pools.js";
import { generateConfig } from "../../../test-utils.js";
import { tupleSnapshot, wholeThread } from "./extended-helpers.js";
import { idsOf, listAll } from "./helpers.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * VAL-14 and VAL-15: what Python LangGraph writes into a database it shares
 * with LangGraph.js (one Postgres behind both, the LangGraph server), read
 * back exactly; and the same data re-read at the end of the capability, so a
 * TTL in the wrong unit, an expiring cache or a lagging replica shows.
 */

/** A fresh Python version of `step`, with a random fraction as Python's PostgresSaver makes it. */
function randomPythonVersion(step: number): string {
  return pythonVersion(step, Math.random() * 0.98 + 0.01);
}

interface ForeignCheckpoint {
  ns: string;
  id: string;
  parentId?: string;
  ts: string;
  values: Record<string, unknown>;
  versions: ChannelVersions;
  newVersions: ChannelVersions;
  metadata: Record<string, unknown>;
}

/**
 * A root chain forked by Python LangGraph (A, then B and C both from A, each
 * writing `messages` at its own Python version of step 2) and a subgraph
 * checkpoint, with Python's timestamps and large steps. Ids ascend A, B, C, D.
 */
function foreignThread(): ForeignCheckpoint[] {
  const [a, b, c, d] = Array.from({ length: 4 }, () => uuid6(-1));
  const v1 = randomPythonVersion(1);
  const day = new Date(Date.UTC(2024, 6, 31, 20, 14, 19));
  const base = { parents: {}, writes: null, thread_id: "python-writer" };
  const fork = (id: string, value: string, micros: number, step: number): ForeignCheckpoint => {
    const v2 = randomPythonVersion(2);
    return {
      ns: "",
      id,
      parentId: a,
      ts: pythonTimestamp(day, micros),
      values: { messages: value, counter: 0 },
      versions: { messages: v2, counter: v1 },
      newVersions: { messages: v2 },
      metadata: { ...base, source: "loop", step },
    };
  };
  return [
    {
      ns: "",
      id: a,
      ts: pythonTimestamp(day, 804_150),
      values: { messages: "a", counter: 0 },
      versions: { messages: v1, counter: v1 },
      newVersions: { messages: v1, counter: v1 },
      metadata: { ...base, source: "input", step: -1 },
    },
    fork(b, "b", 804_151, LARGE_STEPS[0]),
    fork(c, "c", 999_999, LARGE_STEPS[1]),
    {
      ns: `child:${randomBytes(4).toString("hex")}`,
      id: d,
      ts: pythonTimestamp(day, 1),
      values: { messages: "sub" },
      versions: { messages: v1 },
      newVersions: { messages: v1 },
      metadata: { ...base, source: "loop", step: LARGE_STEPS[2], parents: { "": a } },
    },
  ];
}

function configOf(threadId: string, cp: ForeignCheckpoint): RunnableConfig {
  return generateConfig(threadId, cp.ns, cp.id);
}

/** Puts the thread as Python LangGraph would have stored it (versions_seen names Python versions too). */
async function putForeignThread(saver: BaseCheckpointSaver, threadId: string): Promise<ForeignCheckpoint[]> {
  const thread = foreignThread();
  for (const cp of thread) {
    const checkpoint = {
      v: 4,
      id: cp.id,
      ts: cp.ts,
      channel_values: cp.values,
      channel_versions: cp.versions,
      versions_seen: { agent: { messages: cp.versions.messages! } },
    };
    await saver.put(generateConfig(threadId, cp.ns, cp.parentId), checkpoint, cp.metadata as never, cp.newVersions);
  }
  return thread;
}

/** Each checkpoint must read back with exactly the id, ts, values, versions and metadata keys put. */
async function expectForeignThread(
  saver: BaseCheckpointSaver,
  threadId: string,
  thread: readonly ForeignCheckpoint[],
  when: string,
): Promise<void> {
  for (const cp of thread) {
    const where = `${when}, checkpoint ${cp.id.slice(0, 8)}… (ns ${JSON.stringify(cp.ns)})`;
    const tuple = await saver.getTuple(configOf(threadId, cp));
    expectDefined(tuple, `${where}: getTuple by id must find the checkpoint Python LangGraph stored`);
    const { ts, channel_values, channel_versions } = tuple.checkpoint;
    const versionsHint =
      "Python's versions are strings with a random fraction; a version parsed as a number, or a blob keyed by the whole part only, loses them";
    expectEqual(
      ts,
      cp.ts,
      `${where}: ts must read back exactly (Python writes microseconds and a +00:00 offset; do not re-format it as a JS Date)`,
    );
    expectEqual(channel_versions, cp.versions, `${where}: channel_versions must read back exactly: ${versionsHint}`);
    expectEqual(channel_values, cp.values, `${where}: channel_values must be this checkpoint's own: ${versionsHint}`);
    const metadata = Object.fromEntries(
      Object.keys(cp.metadata).map((key) => [key, (tuple.metadata as Record<string, unknown> | undefined)?.[key]]),
    );
    expectEqual(metadata, cp.metadata, `${where}: metadata must read back exactly (steps past int32 and up to 2^53-1 included)`);
  }
  const rootIds = thread
    .filter((cp) => cp.ns === "")
    .map((cp) => cp.id)
    .reverse();
  expectEqual(
    idsOf(await listAll(saver, generateConfig(threadId))),
    rootIds,
    `${when}: list({thread_id, checkpoint_ns: ""}) must yield the root checkpoints newest first by id`,
  );
}

/** What the early test stored, kept on the saver so the late test of the same capability finds it. */
interface EarlyWrite {
  threadId: string;
  thread: ForeignCheckpoint[];
  writtenAt: number;
  tuples: Record<string, unknown>[];
}

/** Early writes by saver, until the late test takes them. */
const earlyWrites = new WeakMap<object, EarlyWrite>();

/**
 * The identity of the capability's saver across its tests. `ctx.saver` is a
 * per-test wrapper that hands non-function properties through unchanged, so
 * the saver's serializer object is the same in every test of a capability.
 */
function saverIdentity(ctx: SpecContext): object | undefined {
  const serde = (ctx.saver as unknown as { serde?: unknown }).serde;
  return serde !== null && typeof serde === "object" ? serde : undefined;
}

/** Writes the foreign thread plus a pending write, checks it reads back exactly, and records what it read. */
async function writeEarly(ctx: SpecContext): Promise<EarlyWrite> {
  const threadId = ctx.threadId("python-writer");
  const writtenAt = Date.now();
  const thread = await putForeignThread(ctx.saver, threadId);
  await ctx.saver.putWrites(
    configOf(threadId, thread[1]!),
    [
      ["messages", "pending"],
      ["counter", 0],
    ],
    randomBytes(16).toString("hex"),
  );
  await expectForeignThread(ctx.saver, threadId, thread, "as written");
  const tuples = (await listAll(ctx.saver, wholeThread(threadId))).map(tupleSnapshot);
  return { threadId, thread, writtenAt, tuples };
}

/**
 * How old the early data must be when it is re-read. A run of this capability
 * usually takes longer (the test then does not wait); 1.5 s is past a TTL of one
 * "minute" that a saver counts in seconds, or a one-second cache.
 */
export const REREAD_AFTER_MS = 1_500;

/** Waits `ms`, reading the latest checkpoint every 200 ms meanwhile (a quiet test would count as a hang under a short --timeout). */
async function waitReading(saver: BaseCheckpointSaver, config: RunnableConfig, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(200, until - Date.now())));
    await saver.getTuple(config);
  }
}

const early: SpecTest = {
  name: "test_val_values_written_by_python_read_back_exactly",
  ids: ["VAL-14"],
  methods: ["IM-put-column-width", "IM-put-exact-types"],
  needsHistory: true,
  // VAL-15 re-reads this data at least 1.5 s after it is written: written first, that wait overlaps the run's other tests.
  longChain: true,
  requires: ["put_writes"],
  description:
    "a thread as Python LangGraph writes it (string versions, microsecond +00:00 ts, steps past int32, forks) reads back exactly",
  async run(ctx) {
    const written = await writeEarly(ctx);
    const identity = saverIdentity(ctx);
    if (identity) earlyWrites.set(identity, written);
  },
};

const late: SpecTest = {
  name: "test_val_early_data_still_exact_at_the_end",
  // Reads what the suite's first test wrote: alone, so that test has finished (and the wait spans the run).
  exclusive: true,
  ids: ["VAL-15"],
  needsHistory: true,
  requires: ["put_writes"],
  description: `what the suite's first test wrote reads back identical at its end, at least ${REREAD_AFTER_MS / 1000} s later (no TTL, cache expiry or lag)`,
  async run(ctx) {
    const identity = saverIdentity(ctx);
    const written = (identity && earlyWrites.get(identity)) ?? (await writeEarly(ctx)); // run alone (--grep): write now, then wait
    if (identity) earlyWrites.delete(identity);
    const age = Date.now() - written.writtenAt;
    if (age < REREAD_AFTER_MS) await waitReading(ctx.saver, generateConfig(written.threadId), REREAD_AFTER_MS - age);
    const when = `re-read ${((Date.now() - written.writtenAt) / 1000).toFixed(1)} s after it was written`;
    const tuples: CheckpointTuple[] = await listAll(ctx.saver, wholeThread(written.threadId));
    expectEqual(
      tuples.map(tupleSnapshot),
      written.tuples,
      `${when}, list({thread_id}) must yield every checkpoint and pending write exactly as it did right after the writes (does the saver expire data: a TTL in the wrong unit, a cache entry that lapses, a replica that lags?)`,
    );
    await expectForeignThread(ctx.saver, written.threadId, written.thread, when);
  },
};

/** VAL-14 first and VAL-15 last in the list suite (the longest one), so the re-read happens as late as the suite allows. */
export const foreignWriterBracket = { capability: "list", first: [early], last: [late] } as const;
