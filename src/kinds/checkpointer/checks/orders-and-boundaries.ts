import {
  compareChannelVersions,
  uuid6,
  type ChannelVersions,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { ConformanceError, expectDefined, expectEqual, expectLength, expectSame, fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { generateCheckpoint, generateConfig, generateMetadata, putTestCheckpoint } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import { idsOf, listAll, newestFirst, PARALLEL_CALLS } from "./helpers.js";
import { mapBounded } from "../../../util/bounded.js";
import { pendingWritesOf } from "./pending-writes.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * ORD: orders and boundaries that friendly fixtures never cross: more than 10
 * of anything sorted (text sorts "10" before "9"), more than a backend's
 * first page (100 items, 1,000 items, 1 MB), ids whose order disagrees with
 * their timestamps, insertion order and parent links. Measured: MemorySaver,
 * SqliteSaver and PostgresSaver pass every one.
 */

const fmt = (n: number) => n.toLocaleString("en-US");

/** Ids in ascending (time) order, made before any put, so insertion order can differ from id order. */
function ascendingIds(n: number): string[] {
  return Array.from({ length: n }, () => uuid6(-1));
}

/** The root and `sub:0`..`sub:119`: past a first page of 100, and "sub:10" sorts before "sub:9" as text. */
const MANY_NAMESPACES = ["", ...Array.from({ length: 120 }, (_, i) => `sub:${i}`)];
/** Namespaces whose getTuple a test checks: on both sides of the text and page boundaries. */
const PROBED_NAMESPACES = ["", "sub:9", "sub:10", "sub:99", "sub:100", "sub:119"];

/** One checkpoint in each of MANY_NAMESPACES of the thread; returns namespace -> checkpoint id. */
async function putInManyNamespaces(ctx: SpecContext, threadId: string): Promise<Map<string, string>> {
  // One checkpoint per namespace, no parents: the puts are independent, so a few go at once.
  const configs = await mapBounded(MANY_NAMESPACES, PARALLEL_CALLS, (ns) => putTestCheckpoint(ctx.saver, { threadId, checkpointNs: ns }));
  return new Map(MANY_NAMESPACES.map((ns, i) => [ns, configs[i]!.configurable?.checkpoint_id as string]));
}

/** Each version must be greater than the one before under LangGraph's compareChannelVersions. */
function expectIncreasing(versions: readonly (string | number)[], clause: string): void {
  versions.forEach((version, i) => {
    if (i > 0 && !(compareChannelVersions(version, versions[i - 1]!) > 0)) {
      fail(
        `${clause} ${i + 1} gave ${formatValue(version)} after ${formatValue(versions[i - 1])}, which compareChannelVersions does not order after it (numbers compare as numbers, strings with localeCompare: pad numeric strings)`,
      );
    }
  });
}

/** Puts a parent-linked chain with the given ids, oldest first; returns the configs put returned. */
async function putChain(
  ctx: SpecContext,
  threadId: string,
  ids: readonly string[],
  each?: (i: number) => { channelValues?: Record<string, unknown>; channelVersions?: ChannelVersions },
): Promise<RunnableConfig[]> {
  const stored: RunnableConfig[] = [];
  for (let i = 0; i < ids.length; i++) {
    const { channelValues = {}, channelVersions = {} } = each?.(i) ?? {};
    const checkpoint = generateCheckpoint({ id: ids[i], channelValues, channelVersions });
    stored.push(await ctx.saver.put(generateConfig(threadId, "", ids[i - 1]), checkpoint, generateMetadata("loop", i), channelVersions));
  }
  return stored;
}

/** The listed ids must be exactly `expected`; the failure says where the listing stopped or went wrong. */
function expectListed(listed: readonly CheckpointTuple[], expected: readonly string[], call: string): void {
  const ids = idsOf(listed);
  const duplicates = ids.length - new Set(ids).size;
  if (duplicates > 0)
    fail(`${call} yielded ${fmt(duplicates)} checkpoint(s) twice (${fmt(ids.length)} tuples for ${fmt(expected.length)} checkpoints)`);
  if (ids.length < expected.length && ids.every((id, i) => id === expected[i])) {
    fail(
      `${call} stopped after ${fmt(ids.length)} of ${fmt(expected.length)} checkpoints: the rest were never yielded (does the saver read only its backend's first page?)`,
    );
  }
  const firstWrong = expected.findIndex((id, i) => ids[i] !== id);
  if (firstWrong >= 0 || ids.length !== expected.length) {
    throw new ConformanceError(`${call} must yield exactly ${fmt(expected.length)} checkpoints, newest first (descending checkpoint_id)`, {
      details: [
        `got ${fmt(ids.length)} tuples; the first difference is at position ${fmt(firstWrong >= 0 ? firstWrong : expected.length)}`,
        `expected there: ${formatValue(expected[firstWrong])}, got: ${formatValue(ids[firstWrong >= 0 ? firstWrong : expected.length])}`,
      ],
    });
  }
}

const putWritesTests: SpecTest[] = [
  {
    name: "test_ord_write_index_past_ten",
    ids: ["ORD-01"],
    methods: ["IM-putWrites-idx-as-text", "IM-putWrites-batch-limit"],
    description:
      "30 writes of one call (a fan-out of Sends) all come back, in index order 0..29 (numeric: 2 before 10; past a 25-item batch)",
    async run(ctx) {
      const config = await putTestCheckpoint(ctx.saver, { threadId: ctx.threadId("ord") });
      const writes: PendingWrite[] = Array.from({ length: 30 }, (_, i) => [`channel-${i}`, i]);
      await ctx.saver.putWrites(config, writes, "ord-task");
      const actual = await pendingWritesOf(ctx.saver, config, "after 30 writes");
      if (actual.length < writes.length && actual.every((w, i) => w[2] === i)) {
        fail(
          `putWrites of one call of ${writes.length} writes kept only the first ${actual.length} (does the saver send only the first batch of a batch-write API, e.g. DynamoDB's 25 items?)`,
        );
      }
      const values = actual.map((w) => w[2]);
      const expected = writes.map((w) => w[1]);
      // The text-sort hint only when the values came back in exactly that order.
      const asText = [...expected].sort((a, b) => (String(a) < String(b) ? -1 : 1));
      const sortedAsText = values.length === asText.length && values.every((v, i) => v === asText[i]);
      expectEqual(
        values,
        expected,
        `pendingWrites of one task must come back in write-index order 0, 1, 2, …, 29 (the values are the indexes)${sortedAsText ? ": they came back sorted as text (0, 1, 10, 11, …, 19, 2, …), so the index is sorted as a string" : ""}`,
      );
    },
  },
  {
    name: "test_ord_many_pending_writes",
    ids: ["ORD-02"],
    methods: ["IM-putWrites-batch-limit", "IM-getTuple-writes-order"],
    description: "150 writes from 15 tasks on one checkpoint all come back, by task id then index (getTuple and list)",
    async run(ctx) {
      const threadId = ctx.threadId("ord");
      const config = await putTestCheckpoint(ctx.saver, { threadId });
      const expected: [string, string, string][] = [];
      for (let t = 14; t >= 0; t--) {
        const taskId = `task-${String(t).padStart(2, "0")}`;
        const writes: PendingWrite[] = Array.from({ length: 10 }, (_, i) => [`channel-${i}`, `${taskId}/${i}`]);
        await ctx.saver.putWrites(config, writes, taskId);
        expected.unshift(...writes.map(([channel, value]): [string, string, string] => [taskId, channel, value as string]));
      }
      const reads: [string, () => Promise<readonly unknown[][] | undefined>][] = [
        ["getTuple", () => pendingWritesOf(ctx.saver, config, "after 150 writes")],
      ];
      if (ctx.has("list")) reads.push(["list", async () => (await listAll(ctx.saver, generateConfig(threadId)))[0]?.pendingWrites]);
      for (const [how, read] of reads) {
        const actual = (await read()) ?? [];
        if (actual.length < expected.length) {
          fail(
            `${how}() returned ${fmt(actual.length)} of ${fmt(expected.length)} pending writes of one checkpoint (does the saver read only its backend's first page of writes?)`,
          );
        }
        expectEqual(
          actual,
          expected,
          `${how}(): the 150 pending writes must come back exactly once each, ordered by task id, then write index`,
        );
      }
    },
  },
];

const putTests: SpecTest[] = [
  {
    name: "test_ord_next_version_over_dozens_of_steps",
    ids: ["ORD-03"],
    methods: ["IM-put-next-version"],
    needsHistory: true,
    description: "40 versions from the saver's own getNextVersion increase (compareChannelVersions), also after a put/getTuple round trip",
    async run(ctx) {
      const threadId = ctx.threadId("ord");
      const ids = ascendingIds(40);
      const versions: (string | number)[] = [];
      for (let step = 0; step < 40; step++) versions.push(ctx.saver.getNextVersion(versions.at(-1) as number | undefined)); // savers may use string versions
      expectIncreasing(versions, "getNextVersion must keep increasing: step");
      const stored = await putChain(ctx, threadId, ids, (i) => ({
        channelValues: { counter: i },
        channelVersions: { counter: versions[i]! },
      }));
      const readBack: (string | number)[] = [];
      for (const [step, config] of stored.entries()) {
        const version = (await ctx.saver.getTuple(config))?.checkpoint.channel_versions.counter;
        expectDefined(version, `checkpoint ${step + 1} of 40 must read back its channel_versions.counter`);
        readBack.push(version);
      }
      expectIncreasing(readBack, "versions read back must keep their order (as put): checkpoint");
      const latest = await ctx.saver.getTuple(generateConfig(threadId));
      expectSame(latest?.checkpoint.channel_values.counter, 39, "the latest checkpoint after 40 steps must hold the value of step 40");
    },
  },
];

const listTests: SpecTest[] = [
  {
    name: "test_ord_id_order_not_ts_or_insertion",
    ids: ["ORD-04"],
    methods: ["IM-list-order-text-vs-time", "IM-getTuple-latest-by-insertion"],
    needsHistory: true,
    description: "12 checkpoints put in shuffled order, ts running backwards and partly equal: list and latest follow checkpoint_id",
    async run(ctx) {
      const threadId = ctx.threadId("ord");
      const ids = ascendingIds(12);
      // ts runs against id order; pairs share one millisecond.
      const tsOf = (i: number) => new Date(Date.UTC(2024, 0, 1, 0, 0, 0, 1_000 - Math.floor(i / 2))).toISOString();
      for (const i of [5, 0, 11, 3, 8, 1, 10, 2, 7, 4, 9, 6]) {
        await ctx.saver.put(generateConfig(threadId), generateCheckpoint({ id: ids[i], ts: tsOf(i) }), generateMetadata("loop", i), {});
      }
      const newest = newestFirst(ids);
      expectListed(
        await listAll(ctx.saver, generateConfig(threadId)),
        newest,
        "list() (checkpoints whose ts and insertion order disagree with their ids)",
      );
      expectListed(await listAll(ctx.saver, generateConfig(threadId), { limit: 3 }), newest.slice(0, 3), "list({limit: 3})");
      expectListed(
        await listAll(ctx.saver, generateConfig(threadId), { before: generateConfig(threadId, "", ids[6]) }),
        newest.slice(6),
        "list({before: the 7th id})",
      );
      const latest = await ctx.saver.getTuple(generateConfig(threadId));
      expectSame(
        latest?.checkpoint.id,
        ids[11],
        "getTuple without checkpoint_id must return the greatest checkpoint_id (not the newest ts, not the last inserted)",
      );
    },
  },
  {
    name: "test_ord_fork_parent_not_previous_id",
    ids: ["ORD-05"],
    methods: ["IM-put-parent-from-config", "IM-getTuple-parent-config"],
    needsHistory: true,
    description: "a fork's parent is the checkpoint it was put from, not the previous checkpoint by id (getTuple and list)",
    async run(ctx) {
      const threadId = ctx.threadId("ord");
      const [a, b, c, d, e] = ascendingIds(5) as [string, string, string, string, string];
      const parentOf: Record<string, string | undefined> = { [a]: undefined, [b]: a, [c]: b, [d]: b, [e]: d };
      for (const id of [a, b, c, d, e]) {
        await ctx.saver.put(generateConfig(threadId, "", parentOf[id]), generateCheckpoint({ id }), generateMetadata("fork", 0), {});
      }
      const name = (id: unknown) => ({ [a]: "A", [b]: "B", [c]: "C", [d]: "D", [e]: "E" })[id as string] ?? formatValue(id);
      const check = (tuple: CheckpointTuple | undefined, how: string) => {
        const id = tuple?.checkpoint.id as string;
        const actual = tuple?.parentConfig?.configurable?.checkpoint_id;
        if (actual !== parentOf[id]) {
          fail(
            `${how}: checkpoint ${name(id)} was put with parent ${name(parentOf[id])} but reads back with parent ${name(actual)} (the history is A → B → C, with D forked from B and E from D)`,
          );
        }
      };
      for (const id of [d, e, c]) check(await ctx.saver.getTuple(generateConfig(threadId, "", id)), `getTuple(${name(id)})`);
      const listed = await listAll(ctx.saver, generateConfig(threadId));
      expectListed(listed, [e, d, c, b, a], "list() of a forked thread");
      for (const tuple of listed) check(tuple, "list()");
    },
  },
  {
    name: "test_ord_latest_fork_at_lower_step",
    ids: ["ORD-10"],
    methods: ["IM-getTuple-latest-by-step"],
    needsHistory: true,
    description: "a fork at a lower metadata.step than the old head is the latest: getTuple and list follow checkpoint_id, not step",
    async run(ctx) {
      const threadId = ctx.threadId("ord");
      const [a, b, c, d, e] = ascendingIds(5) as [string, string, string, string, string];
      // A → B → C → D at steps 0..3, then E forked from B (updateState on B) at step 2.
      const puts: [id: string, parent: string | undefined, step: number][] = [
        [a, undefined, 0],
        [b, a, 1],
        [c, b, 2],
        [d, c, 3],
        [e, b, 2],
      ];
      for (const [id, parent, step] of puts) {
        await ctx.saver.put(
          generateConfig(threadId, "", parent),
          generateCheckpoint({ id }),
          generateMetadata(id === e ? "update" : "loop", step),
          {},
        );
      }
      const latest = await ctx.saver.getTuple(generateConfig(threadId));
      if (latest?.checkpoint.id !== e) {
        const got = latest?.checkpoint.id === d ? "D (step 3), the head of the branch the fork left" : formatValue(latest?.checkpoint.id);
        fail(
          `getTuple without checkpoint_id must return the fork E (the greatest checkpoint_id, step 2), got ${got}: the latest checkpoint is chosen by checkpoint_id, not by metadata.step or a score derived from it, or the next run after a time-travel fork continues the old branch`,
        );
      }
      expectListed(await listAll(ctx.saver, generateConfig(threadId)), [e, d, c, b, a], "list() of a thread forked at a lower step");
    },
  },
  {
    name: "test_ord_fork_keeps_its_own_channel_values",
    ids: ["ORD-11"],
    methods: ["IM-put-blob-per-version"],
    needsHistory: true,
    description:
      "two forks of one checkpoint that each store a new value at the version the saver's getNextVersion gives read back their own values",
    async run(ctx) {
      const threadId = ctx.threadId("ord");
      const [a, b, c] = ascendingIds(3) as [string, string, string];
      const first = ctx.saver.getNextVersion(undefined);
      // LangGraph gives each fork of A the next version after A's: B and C get what getNextVersion(first) returns.
      const putValue = async (id: string, parent: string | undefined, value: string, version: string | number) => {
        const checkpoint = generateCheckpoint({ id, channelValues: { x: value }, channelVersions: { x: version } });
        await ctx.saver.put(generateConfig(threadId, "", parent), checkpoint, generateMetadata("loop", parent === undefined ? 0 : 1), {
          x: version,
        });
      };
      await putValue(a, undefined, "a", first);
      const versionOfB = ctx.saver.getNextVersion(first as number);
      await putValue(b, a, "b", versionOfB);
      const versionOfC = ctx.saver.getNextVersion(first as number);
      await putValue(c, a, "c", versionOfC);
      for (const [id, name, value, version] of [
        [b, "B", "b", versionOfB],
        [c, "C", "c", versionOfC],
        [a, "A", "a", first],
      ] as const) {
        const actual = (await ctx.saver.getTuple(generateConfig(threadId, "", id)))?.checkpoint.channel_values.x;
        if (actual !== value) {
          fail(
            `getTuple(${name}) must return channel x = ${formatValue(value)} as put, got ${formatValue(actual)}: B and C are two forks of A, each storing x at version ${formatValue(version)} from getNextVersion(${formatValue(first)})`,
            [
              `versions given to B and C: ${formatValue(versionOfB)} and ${formatValue(versionOfC)}`,
              "a saver that stores channel values keyed by (thread, namespace, channel, version) must make getNextVersion unique across forks (Python's PostgresSaver appends a random part) or key the values by checkpoint",
            ],
          );
        }
      }
    },
  },
  {
    name: "test_ord_many_channels",
    ids: ["ORD-12"],
    methods: ["IM-put-blob-per-version"],
    description: "a checkpoint with 150 channels reads back every channel value and version (getTuple and list)",
    async run(ctx) {
      const threadId = ctx.threadId("ord-ch");
      const channels = Array.from({ length: 150 }, (_, i) => `channel-${i}`);
      const values = Object.fromEntries(channels.map((c, i) => [c, i]));
      const versions = Object.fromEntries(channels.map((c) => [c, 1]));
      const config = await ctx.saver.put(
        generateConfig(threadId),
        generateCheckpoint({ channelValues: values, channelVersions: versions }),
        generateMetadata("loop", 0),
        versions,
      );
      const reads: [string, () => Promise<CheckpointTuple | undefined>][] = [["getTuple", () => ctx.saver.getTuple(config)]];
      if (ctx.has("list")) reads.push(["list", async () => (await listAll(ctx.saver, generateConfig(threadId)))[0]]);
      for (const [how, read] of reads) {
        const checkpoint = (await read())?.checkpoint;
        const missing = channels.filter((c) => checkpoint?.channel_values[c] !== values[c]);
        if (missing.length > 0) {
          fail(
            `${how}() of a checkpoint with ${channels.length} channels lost ${missing.length} channel values (does the saver read its stored values with one batch-get of 100 keys, as DynamoDB's BatchGetItem caps?)`,
            [`first missing: ${formatValue(missing.slice(0, 5))}`],
          );
        }
        expectEqual(checkpoint?.channel_versions, versions, `${how}(): channel_versions of the 150 channels must read back as put`);
      }
    },
  },
  {
    name: "test_ord_long_thread_pages",
    ids: ["ORD-06"],
    methods: ["IM-list-page-size"],
    needsHistory: true,
    longChain: true,
    description: "a 1,050-checkpoint thread lists whole, and limit/before work past 100 and 1,000",
    async run(ctx) {
      const threadId = ctx.threadId("ord-long");
      const ids = ascendingIds(1_050);
      await putChain(ctx, threadId, ids);
      const newest = newestFirst(ids);
      const list = (options?: Parameters<typeof listAll>[2]) => listAll(ctx.saver, generateConfig(threadId), options);
      const before = (i: number) => ({ before: generateConfig(threadId, "", ids[i]) });
      expectListed(await list(), newest, "list() of a 1,050-checkpoint thread");
      expectListed(await list({ limit: 150 }), newest.slice(0, 150), "list({limit: 150})");
      expectListed(await list({ ...before(1_040), limit: 101 }), newest.slice(10, 111), "list({before: checkpoint 1,041, limit: 101})");
      expectListed(await list(before(150)), newest.slice(900), "list({before: checkpoint 151})");
    },
  },
  {
    name: "test_ord_list_past_one_megabyte",
    ids: ["ORD-07"],
    methods: ["IM-list-page-size"],
    needsHistory: true,
    description: "11 checkpoints of 100 KB each (1.1 MB, past a 1 MiB page) list whole, each with its own value",
    async run(ctx) {
      const threadId = ctx.threadId("ord-mb");
      const ids = ascendingIds(11);
      const doc = (i: number) => `${String(i).padStart(4, "0")}:${"x".repeat(100_000)}`;
      await putChain(ctx, threadId, ids, (i) => ({ channelValues: { doc: doc(i) }, channelVersions: { doc: i + 1 } }));
      const listed = await listAll(ctx.saver, generateConfig(threadId));
      expectListed(listed, newestFirst(ids), "list() of 11 checkpoints holding 100 KB each");
      listed.forEach((tuple, position) => {
        const i = ids.length - 1 - position;
        const value = tuple.checkpoint.channel_values.doc;
        if (value !== doc(i))
          fail(`list(): checkpoint ${i + 1} of ${ids.length} must hold its own 100 KB value, got ${formatValue(value)}`);
      });
    },
  },
  {
    name: "test_ord_many_namespaces",
    ids: ["ORD-08"],
    methods: ["IM-list-page-size", "IM-list-namespace-default"],
    description: "a thread with 120 namespaces lists every one without checkpoint_ns, and each is found by getTuple",
    async run(ctx) {
      const threadId = ctx.threadId("ord-ns");
      const idOf = await putInManyNamespaces(ctx, threadId);
      const namespaces = [...idOf.keys()];
      const listed = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
      const seen = new Set(listed.map((t) => t.config?.configurable?.checkpoint_ns as string));
      const missing = namespaces.filter((ns) => !seen.has(ns));
      if (missing.length > 0) {
        fail(
          `list({thread_id}) without checkpoint_ns must yield every namespace: ${fmt(missing.length)} of ${fmt(namespaces.length)} are missing`,
          [`missing: ${formatValue(missing)}`],
        );
      }
      expectLength(listed, namespaces.length, `list({thread_id}) must yield exactly one checkpoint per namespace (${namespaces.length})`);
      for (const ns of PROBED_NAMESPACES) {
        const tuple = await ctx.saver.getTuple(generateConfig(threadId, ns));
        expectSame(
          tuple?.checkpoint.id,
          idOf.get(ns),
          `getTuple({thread_id, checkpoint_ns: ${JSON.stringify(ns)}}) must find that namespace's checkpoint among 121`,
        );
      }
    },
  },
];

const deleteThreadTests: SpecTest[] = [
  {
    name: "test_ord_delete_thread_many_namespaces",
    ids: ["ORD-09"],
    methods: ["IM-deleteThread-batch-limit"],
    description: "deleteThread removes a thread's checkpoints in all of its 121 namespaces, not only a first batch",
    async run(ctx) {
      const threadId = ctx.threadId("ord-del");
      await putInManyNamespaces(ctx, threadId);
      await ctx.saver.deleteThread(threadId);
      const left = (await listAll(ctx.saver, { configurable: { thread_id: threadId } })).map(
        (t) => t.config?.configurable?.checkpoint_ns as string,
      );
      if (left.length > 0) {
        fail(
          `deleteThread must remove every namespace of the thread: ${fmt(left.length)} of ${fmt(MANY_NAMESPACES.length)} namespaces are left (does it delete in batches and stop after the first?)`,
          [`left: ${formatValue(left)}`],
        );
      }
      for (const ns of PROBED_NAMESPACES) {
        expectSame(
          await ctx.saver.getTuple(generateConfig(threadId, ns)),
          undefined,
          `after deleteThread, getTuple({checkpoint_ns: ${JSON.stringify(ns)}}) must find nothing`,
        );
      }
    },
  },
];

/** The ORD tests, each in the suite of the capability it checks. */
export const orderAndBoundaryTests: ExtraTests = {
  put: putTests,
  put_writes: putWritesTests,
  list: listTests,
  delete_thread: deleteThreadTests,
};
