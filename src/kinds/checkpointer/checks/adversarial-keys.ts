import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { fail } from "../../../assert.js";
import { describeValue } from "../../../util/describe-value.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import { PATTERN_IDS, PATTERN_NAMESPACES, STORED_IDS, STORED_NAMESPACES, TASK_IDS, showId } from "./adversarial-ids.js";
import { OBJECT_MEMBER_IDS, REFUSABLE_OBJECT_MEMBER_IDS } from "./adversarial-pools.js";
import { idsOf, listAll } from "./helpers.js";
import type { ExtraTests } from "./extra-tests.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * KEY: ids and namespaces are data, not syntax. Each operation that takes an
 * id touches exactly the thread, namespace or task it names, and hands the id
 * back exactly as given.
 */

const AS_DATA =
  "ids are data: the saver must not treat them as patterns (glob, LIKE, regex), join them into keys without escaping, fold case, normalise unicode or truncate them";

/** One stored checkpoint of the lookalike data. */
interface Stored {
  /** The thread id or namespace as given to put(). */
  key: string;
  checkpointId: string;
  /** What put() returned. */
  returned: RunnableConfig;
}

interface Lookalikes {
  base: string;
  /** One checkpoint per thread `base + suffix`, for every suffix of STORED_IDS. */
  threads: Stored[];
  /** The thread holding one checkpoint per namespace of STORED_NAMESPACES. */
  nsThread: string;
  namespaces: Stored[];
}

async function putOne(ctx: SpecContext, threadId: string, ns: string, key: string): Promise<Stored> {
  const checkpoint = generateCheckpoint({ channelValues: { key }, channelVersions: { key: 1 } });
  const returned = await ctx.saver.put(generateConfig(threadId, ns), checkpoint, generateMetadata("loop", 0), { key: 1 });
  return { key, checkpointId: checkpoint.id, returned };
}

/** Puts one checkpoint on each lookalike thread and one in each lookalike namespace of one more thread. */
async function putLookalikes(ctx: SpecContext): Promise<Lookalikes> {
  const base = `${ctx.threadId("key")}/`;
  const threads: Stored[] = [];
  for (const suffix of STORED_IDS) threads.push(await putOne(ctx, base + suffix, "", base + suffix));
  const nsThread = `${base}namespaces`;
  const namespaces: Stored[] = [];
  for (const ns of STORED_NAMESPACES) namespaces.push(await putOne(ctx, nsThread, ns, ns));
  return { base, threads, nsThread, namespaces };
}

/** Which stored checkpoint a tuple is, in words. */
function whose(tuple: CheckpointTuple | undefined, data: Lookalikes): string {
  if (tuple === undefined) return "nothing";
  const id = tuple.checkpoint?.id;
  const thread = data.threads.find((s) => s.checkpointId === id);
  if (thread) return `the checkpoint of thread ${showId(thread.key)}`;
  const ns = data.namespaces.find((s) => s.checkpointId === id);
  if (ns) return `the checkpoint of namespace ${showId(ns.key)}`;
  return `an unknown checkpoint ${describeValue(id)}`;
}

function whoseAll(tuples: readonly CheckpointTuple[], data: Lookalikes): string {
  return tuples.length === 0 ? "nothing" : tuples.map((t) => whose(t, data)).join(", ");
}

function expectIdKept(actual: unknown, expected: string, where: string): void {
  if (actual === expected) return;
  const got = typeof actual === "string" ? showId(actual) : describeValue(actual);
  fail(`${where} carries ${got} instead of ${showId(expected)}; ${AS_DATA}`);
}

const roundTrip: SpecTest = {
  name: "test_key_ids_round_trip_exactly",
  ids: ["KEY-01"],
  methods: ["IM-put-bound-parameters", "IM-put-collation", "IM-put-column-width"],
  description: "thread ids and namespaces with separators, quotes, unicode forms, case variants and 1 KB length come back exactly",
  async run(ctx) {
    const data = await putLookalikes(ctx);
    for (const { key: threadId, checkpointId, returned } of data.threads) {
      expectIdKept(returned?.configurable?.thread_id, threadId, `the config put() returned for thread ${showId(threadId)}`);
      const tuple = await ctx.saver.getTuple(generateConfig(threadId));
      expectIdKept(tuple?.config?.configurable?.thread_id, threadId, `getTuple() of thread ${showId(threadId)}: tuple.config`);
      expectIdKept(tuple?.checkpoint?.id, checkpointId, `getTuple() of thread ${showId(threadId)}: checkpoint.id`);
      const [listed] = await listAll(ctx.saver, { configurable: { thread_id: threadId } });
      expectIdKept(listed?.config?.configurable?.thread_id, threadId, `list({thread_id: ${showId(threadId)}}): tuple.config`);
    }
    for (const { key: ns, returned } of data.namespaces) {
      expectIdKept(returned?.configurable?.checkpoint_ns, ns, `the config put() returned for namespace ${showId(ns)}`);
      const tuple = await ctx.saver.getTuple(generateConfig(data.nsThread, ns));
      expectIdKept(tuple?.config?.configurable?.checkpoint_ns ?? "", ns, `getTuple() of namespace ${showId(ns)}: tuple.config`);
      const [listed] = await listAll(ctx.saver, generateConfig(data.nsThread, ns));
      expectIdKept(listed?.config?.configurable?.checkpoint_ns, ns, `list({checkpoint_ns: ${showId(ns)}}): tuple.config`);
    }
  },
};

/** One way of reading a thread (or a namespace of the namespaces thread): getTuple or list. */
interface Lookup {
  /** "getTuple() of thread X", for messages. */
  what(threadId: string, ns: string | undefined): string;
  read(threadId: string, ns: string | undefined): Promise<CheckpointTuple[]>;
}

/** Every stored thread and namespace reads exactly its own checkpoint; every never-stored one reads nothing. */
async function expectExactLookups(data: Lookalikes, lookup: Lookup): Promise<void> {
  const cases = [
    ...data.threads.map((s) => ({ threadId: s.key, ns: undefined, own: s.checkpointId })),
    ...PATTERN_IDS.map((suffix) => ({ threadId: data.base + suffix, ns: undefined, own: undefined })),
    ...data.namespaces.map((s) => ({ threadId: data.nsThread, ns: s.key, own: s.checkpointId })),
    ...PATTERN_NAMESPACES.map((ns) => ({ threadId: data.nsThread, ns, own: undefined })),
  ];
  for (const { threadId, ns, own } of cases) {
    const tuples = await lookup.read(threadId, ns);
    if (idsOf(tuples).join() === (own ?? "")) continue;
    const expected = own === undefined ? "nothing: it was never put" : "only its own checkpoint";
    fail(`${lookup.what(threadId, ns)} returned ${whoseAll(tuples, data)}, expected ${expected}; ${AS_DATA}`);
  }
}

const getTupleExact: SpecTest = {
  name: "test_key_get_tuple_finds_only_the_named_thread",
  ids: ["KEY-02"],
  methods: ["IM-getTuple-pattern-lookup", "IM-put-collation"],
  description: "getTuple() of a lookalike thread id, namespace or pattern finds that exact one or nothing",
  async run(ctx) {
    const data = await putLookalikes(ctx);
    await expectExactLookups(data, {
      what: (threadId, ns) => (ns === undefined ? `getTuple() of thread ${showId(threadId)}` : `getTuple() of namespace ${showId(ns)}`),
      read: async (threadId, ns) => {
        const tuple = await ctx.saver.getTuple(generateConfig(threadId, ns ?? ""));
        return tuple ? [tuple] : [];
      },
    });
    const [user, user2] = data.threads;
    const crossed = await ctx.saver.getTuple(generateConfig(user!.key, "", user2!.checkpointId));
    if (crossed !== undefined)
      fail(
        `getTuple() of thread ${showId(user!.key)} by the checkpoint id of thread ${showId(user2!.key)} returned ${whose(crossed, data)}; ${AS_DATA}`,
      );
    // A checkpoint id is a uuid6 in LangGraph, so a saver may reject one of another shape; it must never find another checkpoint by it.
    for (const pattern of [`${user!.checkpointId.slice(0, -1)}_`, `${user!.checkpointId.slice(0, 8)}%`]) {
      const tuple = await ctx.saver.getTuple(generateConfig(user!.key, "", pattern)).catch(() => undefined);
      if (tuple !== undefined)
        fail(`getTuple() by checkpoint id ${showId(pattern)}, which was never put, returned ${whose(tuple, data)}; ${AS_DATA}`);
    }
  },
};

const listExact: SpecTest = {
  name: "test_key_list_yields_only_the_named_thread",
  ids: ["KEY-03"],
  methods: ["IM-list-pattern-thread"],
  description: "list() of a lookalike thread id, namespace or pattern yields that exact one's checkpoints or nothing",
  async run(ctx) {
    const data = await putLookalikes(ctx);
    await expectExactLookups(data, {
      what: (threadId, ns) => (ns === undefined ? `list({thread_id: ${showId(threadId)}})` : `list({checkpoint_ns: ${showId(ns)}})`),
      read: (threadId, ns) =>
        listAll(ctx.saver, { configurable: { thread_id: threadId, ...(ns === undefined ? {} : { checkpoint_ns: ns }) } }),
    });
  },
};

/** What getTuple() of each thread returns now, by thread id. */
async function readAll(ctx: SpecContext, threads: readonly Stored[]): Promise<Map<string, string | undefined>> {
  const reads = new Map<string, string | undefined>();
  for (const { key } of threads) reads.set(key, (await ctx.saver.getTuple(generateConfig(key)))?.checkpoint?.id);
  return reads;
}

/** The threads whose read changed since `before` (compared to what they read, so a lookup bug KEY-02 reports is not blamed on deleteThread). */
async function changedSince(ctx: SpecContext, threads: readonly Stored[], before: Map<string, string | undefined>): Promise<string[]> {
  const now = await readAll(ctx, threads);
  return threads.filter(({ key }) => now.get(key) !== before.get(key)).map(({ key }) => showId(key));
}

/** Deleted first, each while the others are still stored: prefixes, case and unicode variants, the long ids. */
const DELETE_ORDER = ["user", "abc", "caf\u00e9", STORED_IDS.at(-2)!, "user:2"];

const deleteThreadExact: SpecTest = {
  name: "test_key_delete_thread_deletes_only_the_named_thread",
  // deleteThread of patterns: a saver that matches them (LIKE, a prefix) deletes other tests' threads mid-test.
  exclusive: true,
  ids: ["KEY-04"],
  methods: ["IM-deleteThread-pattern"],
  description: "deleteThread() of a pattern or of one lookalike thread id leaves every other thread",
  async run(ctx) {
    const data = await putLookalikes(ctx);
    const before = await readAll(ctx, data.threads);
    // One check after all of them keeps the test cheap; the failure lists the ids deleted.
    for (const suffix of PATTERN_IDS) await ctx.saver.deleteThread(data.base + suffix);
    const gone = await changedSince(ctx, data.threads, before);
    if (gone.length > 0) {
      const patterns = PATTERN_IDS.map((suffix) => showId(suffix)).join(", ");
      fail(
        `deleteThread() of thread ids never put (the base ${showId(data.base)} followed by ${patterns}) deleted thread(s) ${gone.join(", ")}; ${AS_DATA}`,
      );
    }
    let remaining = data.threads;
    for (const suffix of DELETE_ORDER) {
      const threadId = data.base + suffix;
      await ctx.saver.deleteThread(threadId);
      remaining = remaining.filter((s) => s.key !== threadId);
      const gone = await changedSince(ctx, remaining, before);
      if (gone.length > 0) fail(`deleteThread(${showId(threadId)}) also deleted thread(s) ${gone.join(", ")}; ${AS_DATA}`);
      const left = await ctx.saver.getTuple(generateConfig(threadId));
      if (left !== undefined) fail(`after deleteThread(${showId(threadId)}), getTuple() of that thread still returns ${whose(left, data)}`);
    }
  },
};

const writesByTask: SpecTest = {
  name: "test_key_put_writes_keeps_each_task_id",
  ids: ["KEY-05"],
  methods: ["IM-putWrites-task-id-collation"],
  description: "writes of task ids that differ only in case, unicode form, a suffix or past 1 KB are all kept, each under its own task id",
  async run(ctx) {
    const config = await ctx.saver.put(generateConfig(ctx.threadId("key")), generateCheckpoint(), generateMetadata("loop", 0), {});
    for (const taskId of TASK_IDS) await ctx.saver.putWrites(config, [["ch", taskId]], taskId);
    const tuple = await ctx.saver.getTuple(config);
    const writes = tuple?.pendingWrites ?? [];
    for (const taskId of TASK_IDS) {
      const own = writes.filter(([task]) => task === taskId);
      if (own.length !== 1 || own[0]![2] !== taskId) {
        const other = writes.find(([, , value]) => value === taskId);
        const found = other
          ? `its value is stored under task id ${typeof other[0] === "string" ? showId(other[0]) : describeValue(other[0])}`
          : "its write is missing";
        fail(`putWrites() for task ${showId(taskId)}: ${found} (${writes.length} of ${TASK_IDS.length} writes read back); ${AS_DATA}`);
      }
    }
  },
};

/**
 * Runs `call` for an object-member id: a refusable one (REFUSABLE_OBJECT_MEMBER_IDS)
 * may be rejected with an error, which ends its checks ("refused"); any other
 * must be accepted.
 */
async function unlessRefused<T>(name: string, call: () => Promise<T>): Promise<T | "refused"> {
  if (!REFUSABLE_OBJECT_MEMBER_IDS.has(name)) return call();
  try {
    return await call();
  } catch {
    return "refused";
  }
}

const MEMBERS_AS_DATA =
  "an id named like an Object.prototype member is data: a saver keyed on plain objects ({}) finds the inherited member (a function) for an id it never stored; key on Maps or Object.create(null)";

const objectMemberIds: SpecTest = {
  name: "test_key_object_member_names_are_plain_ids",
  ids: ["KEY-11"],
  methods: ["IM-put-plain-object-map", "IM-getTuple-plain-object-lookup"],
  description:
    "thread ids, namespaces and checkpoint ids named like Object.prototype members: never written reads nothing, written reads its own",
  async run(ctx) {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).join();
    const threadId = ctx.threadId("key-member");
    await ctx.saver.put(generateConfig(threadId), generateCheckpoint(), generateMetadata("loop", 0), {});
    await Promise.all(
      OBJECT_MEMBER_IDS.map(async (name) => {
        const inNs = await unlessRefused(name, () => ctx.saver.getTuple(generateConfig(threadId, name)));
        if (inNs !== "refused" && inNs !== undefined)
          fail(
            `getTuple() of namespace ${showId(name)}, never written on its thread, returned ${describeValue(inNs?.checkpoint?.id ?? inNs)}; ${MEMBERS_AS_DATA}`,
          );
        const byId = await unlessRefused(name, () => ctx.saver.getTuple(generateConfig(threadId, "", name)));
        if (byId !== "refused" && byId !== undefined)
          fail(
            `getTuple() of checkpoint id ${showId(name)}, never written, returned ${describeValue(byId?.checkpoint?.id ?? byId)}; ${MEMBERS_AS_DATA}`,
          );
        const listed = await unlessRefused(name, () => listAll(ctx.saver, generateConfig(threadId, name)));
        if (listed !== "refused" && listed.length > 0)
          fail(
            `list() of namespace ${showId(name)}, never written on its thread, yielded ${listed.length} checkpoint(s); ${MEMBERS_AS_DATA}`,
          );
        for (const [thread, ns] of [
          [threadId, name],
          [name, ""],
        ] as const) {
          const checkpoint = generateCheckpoint({ channelValues: { who: `${thread}|${ns}` }, channelVersions: { who: 1 } });
          const stored = await unlessRefused(name, () =>
            ctx.saver.put(generateConfig(thread, ns), checkpoint, generateMetadata("loop", 1), { who: 1 }),
          );
          if (stored === "refused") continue;
          const tuple = await ctx.saver.getTuple(generateConfig(thread, ns));
          const where = thread === name ? `thread ${showId(name)}` : `namespace ${showId(name)}`;
          if (tuple?.checkpoint?.id !== checkpoint.id || tuple.checkpoint.channel_values?.who !== `${thread}|${ns}`) {
            fail(
              `getTuple() of ${where} after a put there returned ${tuple === undefined ? "nothing" : describeValue(tuple.checkpoint?.id)} instead of the checkpoint put; ${MEMBERS_AS_DATA}`,
            );
          }
        }
      }),
    );
    const prototypeAfter = Object.getOwnPropertyNames(Object.prototype).join();
    if (prototypeAfter !== prototypeBefore)
      fail(
        `storing ids named like Object.prototype members added properties to Object.prototype (prototype pollution); ${MEMBERS_AS_DATA}`,
      );
  },
};

/** The KEY tests, by the capability whose suite runs them. */
export const adversarialKeyTests: ExtraTests = {
  put: [roundTrip, objectMemberIds],
  get_tuple: [getTupleExact],
  list: [listExact],
  delete_thread: [deleteThreadExact],
  put_writes: [writesByTask],
};
