import { randomUUID } from "node:crypto";
import {
  compareChannelVersions,
  type BaseCache,
  type BaseCheckpointSaver,
  type BaseStore,
  type CheckpointTuple,
} from "@langchain/langgraph-checkpoint";
import { diffValues } from "../format.js";
import { listAll } from "../kinds/checkpointer/checks/helpers.js";
import { throughReference } from "../kinds/checkpointer/checks/value-checks.js";
import { withTimeout } from "../util/timeout.js";
import type { StoreKindOptions, StoreTtlOptions } from "../kinds/store/options.js";
import { at, idFound, putProbe } from "../kinds/checkpointer/probes/store.js";
import { otherNamespacesReadNothing } from "../kinds/store/read-back.js";

/** The checks' answers: the method, and whether it answered right; a check that could not decide (it threw, or its premise did not hold) answers nothing. */
export type MethodAnswers = Partial<Record<string, boolean>>;

/** Runs `checks` one after another within the call timeout; what they could not answer in time, or threw on, is left out (the round trip's own answers stand). */
export async function methodAnswersWithin<T = boolean>(
  timeoutMs: number,
  checks: Partial<Record<string, () => Promise<T | undefined>>>,
): Promise<Partial<Record<string, T>>> {
  const answers: Partial<Record<string, T>> = {};
  const run = async () => {
    for (const [method, check] of Object.entries(checks)) {
      const answer = await check?.().catch(() => undefined);
      if (answer !== undefined) answers[method] = answer;
    }
  };
  await withTimeout(run(), timeoutMs, () => "in the read-back probe's method checks").catch(() => undefined);
  return { ...answers };
}

/**
 * The checkpointer's checks, run only when the round trip read getTuple() right
 * (each reads through it): getNextVersion()'s order, deleteThread(), channel
 * names with "." and "$" (put()), a Map as the whole value of a write
 * (putWrites()). Forks that share a version are left alone: a saver keying
 * values by version is as likely to be fixed in put() as in getNextVersion().
 */
export function checkpointerChecks(saver: BaseCheckpointSaver, latestOnly: boolean): Record<string, () => Promise<boolean | undefined>> {
  return {
    getNextVersion: async () => versionsIncrease(saver),
    deleteThread: () => deletedThreadReadsEmpty(saver, latestOnly),
    put: () => everyReaderRight(saver, { values: { "a.b": 1, $c: 2 } }),
    putWrites: () =>
      everyReaderRight(saver, {
        writes: [
          [
            "value",
            new Map<unknown, unknown>([
              ["a", 1],
              [2, { b: [3] }],
            ]),
          ],
        ],
      }),
  };
}

/**
 * One checkpoint put with `values` (or with `writes` put for it), read back
 * through getTuple() and list(): true when either reads it as stored, false
 * when both read it wrong (what was stored is wrong: put()'s for values,
 * putWrites()'s for writes), each compared with what the default serializer
 * makes of it.
 */
async function everyReaderRight(
  saver: BaseCheckpointSaver,
  put: { values?: Record<string, unknown>; writes?: [string, unknown][] },
): Promise<boolean | undefined> {
  const thread = `probe-kept-${randomUUID()}`;
  const id = await putProbe(saver, thread, "", put.values ? { values: put.values } : {});
  if (put.writes) await saver.putWrites(at(thread, "", id), put.writes, "task-1");
  const expected = await throughReference(put.values ?? put.writes!.map(([channel, value]) => ["task-1", channel, value]));
  const shown = (tuple: CheckpointTuple | undefined) => (put.values ? tuple?.checkpoint.channel_values : tuple?.pendingWrites);
  const right = (tuple: CheckpointTuple | undefined) => diffValues(expected, shown(tuple), { max: 1 }).length === 0;
  const byGetTuple = right(await saver.getTuple(at(thread, "", id)));
  const byList = (await listAll(saver, at(thread, ""))).some(right);
  return byGetTuple || byList;
}

/** Whether 40 versions in a row from getNextVersion() increase under LangGraph's compareChannelVersions (a text order fails from "10"). */
function versionsIncrease(saver: BaseCheckpointSaver): boolean {
  const versions: (string | number)[] = [];
  for (let i = 0; i < 40; i++) versions.push(saver.getNextVersion(versions.at(-1) as number | undefined));
  return versions.every((v, i) => i === 0 || compareChannelVersions(v, versions[i - 1]!) > 0);
}

/**
 * Checkpoints in two namespaces of a thread (two in each with a history, so a
 * delete of the latest alone shows), found by getTuple(), then deleteThread():
 * true when getTuple() finds nothing of the thread after it. Undecided when
 * getTuple() did not find them before, or deleteThread() threw (not offered).
 */
async function deletedThreadReadsEmpty(saver: BaseCheckpointSaver, latestOnly: boolean): Promise<boolean | undefined> {
  const thread = `probe-delete-${randomUUID()}`;
  const namespaces = ["", "child:1"];
  for (const ns of namespaces) for (let i = 0; i < (latestOnly ? 1 : 2); i++) await putProbe(saver, thread, ns);
  const found = async () => Promise.all(namespaces.map((ns) => idFound(saver, thread, ns)));
  if ((await found()).some((id) => id === null)) return undefined;
  await saver.deleteThread(thread);
  return (await found()).every((id) => id === null);
}

/** How many calls go at once in the concurrency checks. */
const AT_ONCE = 5;
const keysAtOnce = Array.from({ length: AT_ONCE }, (_, i) => `k${i}`);

/** How long the TTL check's item lives, and how long it waits past that. */
const TTL_MS = 300;
const PAST_TTL_MS = 600;

/**
 * The store's checks, run only when the round trip read get() and search()
 * right: put() at once into one namespace; with a declared index, put()'s
 * vectors after an update or a delete; with a declared TTL, the readers of an
 * expired item (get(), search(), listNamespaces()).
 */
export function storeChecks(
  store: BaseStore,
  { ttl, index }: Pick<StoreKindOptions, "ttl" | "index">,
): Record<string, () => Promise<boolean | undefined>> {
  const indexed = index !== undefined;
  const expiredRead = (reader: string) => async () => ttl && expiredItemReaders(await ttlItemShown(store, ttl))[reader];
  return {
    get: expiredRead("get"),
    search: expiredRead("search"),
    listNamespaces: expiredRead("listNamespaces"),
    put: async () => (await concurrentPutsKept(store)) && (!indexed || (await sameValuesRankAlike(store)) !== false),
  };
}

/** Puts at once under distinct keys of one namespace all read back through get(); puts at once of one key are listed once by search(). */
async function concurrentPutsKept(store: BaseStore): Promise<boolean> {
  const namespace = ["probe-concurrent", randomUUID()];
  await Promise.all(keysAtOnce.map((key, n) => store.put(namespace, key, { n })));
  const kept = await Promise.all(keysAtOnce.map(async (key, n) => (await store.get(namespace, key))?.value?.n === n));
  const sameKey = ["probe-concurrent", randomUUID()];
  await Promise.all(keysAtOnce.map((_, n) => store.put(sameKey, "one", { n })));
  const listed = (await store.search(sameKey, { limit: 10 })).filter((item) => item.key === "one").length;
  return kept.every(Boolean) && listed === 1;
}

/**
 * Items holding the same value rank alike in a query search, whatever came
 * before: one updated from another text, or deleted and put again unindexed,
 * against one put once. False when their scores differ (put() kept vectors of
 * what was there before); undefined when search() gave no answer to compare.
 */
async function sameValuesRankAlike(store: BaseStore): Promise<boolean | undefined> {
  const namespace = ["probe-vectors", randomUUID()];
  const [before, after] = [{ text: "apple pie with cinnamon" }, { text: "zebra crossing at night" }];
  await store.put(namespace, "updated", before);
  await store.put(namespace, "updated", after);
  await store.put(namespace, "fresh", after);
  await store.put(namespace, "deleted", before);
  await store.delete(namespace, "deleted");
  await store.put(namespace, "deleted", before, false);
  await store.put(namespace, "unindexed", before, false);
  const found = await store.search(namespace, { query: before.text, limit: 10 });
  const score = (key: string) => {
    const s = found.find((item) => item.key === key)?.score;
    return typeof s === "number" ? s.toFixed(4) : String(s);
  };
  if (found.length !== 4) return undefined;
  return score("updated") === score("fresh") && score("deleted") === score("unindexed");
}

/** Whether each reader showed an item put alone in its namespace with a short TTL: right after the put, and past its expiry. */
interface TtlReads {
  fresh: Record<string, boolean>;
  expired: Record<string, boolean>;
}

/** One TTL round per store, shared by the method checks and the reader check (the wait is the costly part). */
const ttlRounds = new WeakMap<BaseStore, Promise<TtlReads>>();

function ttlItemShown(store: BaseStore, ttl: StoreTtlOptions): Promise<TtlReads> {
  let round = ttlRounds.get(store);
  if (!round) ttlRounds.set(store, (round = readTtlItem(store, ttl)));
  return round;
}

async function readTtlItem(store: BaseStore, ttl: StoreTtlOptions): Promise<TtlReads> {
  const namespace = ["probe-ttl", randomUUID()];
  const shown = async () => ({
    get: (await store.get(namespace, "expiring")) !== null,
    search: (await store.search(namespace, { limit: 10 })).length > 0,
    listNamespaces: (await store.listNamespaces({ prefix: namespace })).some((ns) => ns.join("\u0000") === namespace.join("\u0000")),
  });
  await ttl.put(store, namespace, "expiring", { n: 1 }, ttl.unit === "minutes" ? TTL_MS / 60_000 : TTL_MS / 1_000);
  const fresh = await shown();
  await new Promise((resolve) => setTimeout(resolve, PAST_TTL_MS));
  return { fresh, expired: await shown() };
}

/**
 * The item read past its expiry through get(), search() and listNamespaces():
 * when some readers still show it and others do not, what was stored expired
 * and the ones showing it read wrong. Undecided when every reader shows it (a
 * store that expires lazily, or rounds the TTL up, looks alike).
 */
function expiredItemReaders({ expired }: TtlReads): MethodAnswers {
  const hidden = Object.fromEntries(Object.entries(expired).map(([reader, shown]) => [reader, !shown]));
  return Object.values(hidden).some(Boolean) ? hidden : {};
}

/**
 * The store's reader checks: an item's dates (`itemDates`, below), an item read in namespaces that do not hold it (`otherNamespaces`, ./store-read-back.ts) and, with
 * a declared TTL, `expiryInverted`: an item hidden from every reader right
 * after the put and shown by every reader past its expiry was stored with the
 * right expiry (passing it changed the answers) and is read with the check
 * inverted: get() and search() wrong. Shown
 * fresh and hidden expired by both: right. Anything else (a read slower than
 * the TTL on a loaded machine, say) decides nothing.
 */
export function storeReaderChecks(
  store: BaseStore,
  { ttl }: Pick<StoreKindOptions, "ttl">,
): Record<string, () => Promise<Partial<Record<"get" | "search", boolean>> | undefined>> {
  const itemDates = { itemDates: () => datesReadAsDates(store), otherNamespaces: () => otherNamespacesReadNothing(store) };
  if (!ttl) return itemDates;
  return {
    ...itemDates,
    expiryInverted: async () => {
      const { fresh, expired } = await ttlItemShown(store, ttl);
      const readers = Object.keys(fresh);
      const every = (answers: Record<string, boolean>, shown: boolean) => readers.every((r) => answers[r] === shown);
      if (every(fresh, true) && every(expired, false)) return { get: true, search: true };
      return every(fresh, false) && every(expired, true) ? { get: false, search: false } : undefined;
    },
  };
}

/**
 * An item's createdAt and updatedAt through get() and search(): Dates are
 * right; a string naming a valid time is a reader's wrong answer (the time
 * was kept, whatever form the writer stored it in: turning it back into a
 * Date is the reader's); anything else decides nothing.
 */
async function datesReadAsDates(store: BaseStore): Promise<Partial<Record<"get" | "search", boolean>> | undefined> {
  const namespace = ["probe-dates", randomUUID()];
  await store.put(namespace, "dated", { n: 1 });
  const judge = (item: { createdAt?: unknown; updatedAt?: unknown } | null | undefined) => {
    const dates = [item?.createdAt, item?.updatedAt];
    if (dates.every((d) => d instanceof Date && !Number.isNaN(d.getTime()))) return true;
    return dates.every((d) => typeof d === "string" && !Number.isNaN(Date.parse(d))) ? false : undefined;
  };
  const answers = { get: judge(await store.get(namespace, "dated")), search: judge((await store.search(namespace, { limit: 10 }))[0]) };
  const judged = Object.fromEntries(Object.entries(answers).filter(([, right]) => right !== undefined));
  return Object.keys(judged).length > 0 ? judged : undefined;
}

/** The cache's check, run only when the round trip read get() right one key at a time: set() at once into one namespace. */
export function cacheChecks(cache: BaseCache): Record<string, () => Promise<boolean | undefined>> {
  return {
    set: async () => {
      const namespace = ["probe-concurrent", randomUUID()];
      await Promise.all(keysAtOnce.map((key, n) => cache.set([{ key: [namespace, key], value: { n } }])));
      const read = await Promise.all(keysAtOnce.map(async (key) => (await cache.get([[namespace, key]]))[0]?.value));
      return read.every((value, n) => (value as { n?: number } | undefined)?.n === n);
    },
  };
}
