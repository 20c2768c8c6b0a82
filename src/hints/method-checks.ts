import { randomUUID } from "node:crypto";
import { compareChannelVersions, type BaseCache, type BaseCheckpointSaver, type BaseStore } from "@langchain/langgraph-checkpoint";
import { withTimeout } from "../util/timeout.js";
import { at, idFound, putProbe } from "./probes/store.js";

/** The checks' answers: the method, and whether it answered right; a check that could not decide (it threw, or its premise did not hold) answers nothing. */
export type MethodAnswers = Partial<Record<string, boolean>>;

/** Runs `checks` within the call timeout; what they could not answer in time is left out (the round trip's own answers stand). */
export async function methodAnswersWithin(timeoutMs: number, checks: Record<string, () => Promise<boolean | undefined>>): Promise<MethodAnswers> {
  const answers: MethodAnswers = {};
  const run = async () => {
    for (const [method, check] of Object.entries(checks)) {
      const answer = await check().catch(() => undefined);
      if (answer !== undefined) answers[method] = answer;
    }
  };
  await withTimeout(run(), timeoutMs, () => "in the read-back probe's method checks").catch(() => undefined);
  return { ...answers };
}

/**
 * The checkpointer's checks, run only when the round trip read getTuple() right
 * (each reads through it): getNextVersion()'s order and its forks, deleteThread().
 */
export function checkpointerChecks(saver: BaseCheckpointSaver, latestOnly: boolean): Record<string, () => Promise<boolean | undefined>> {
  return {
    getNextVersion: async () => {
      const ordered = versionsIncrease(saver);
      if (!ordered || latestOnly) return ordered;
      return forksToldApart(saver);
    },
    deleteThread: () => deletedThreadReadsEmpty(saver, latestOnly),
  };
}

type Version = string | number;

/** Whether 40 versions in a row from getNextVersion() increase under LangGraph's compareChannelVersions (a text order fails from "10"). */
function versionsIncrease(saver: BaseCheckpointSaver): boolean {
  const versions: Version[] = [];
  for (let i = 0; i < 40; i++) versions.push(saver.getNextVersion(versions.at(-1) as number | undefined));
  return versions.every((v, i) => i === 0 || compareChannelVersions(v, versions[i - 1]!) > 0);
}

/**
 * Two forks of one checkpoint store a channel at the version getNextVersion()
 * gives each (LangGraph gives both the version after their parent's). Right:
 * true. Given one version, the later fork replacing the earlier one's value,
 * while forks given distinct versions keep theirs: false (the saver keys
 * values by version, so its versions must tell forks apart). Else undecided.
 */
async function forksToldApart(saver: BaseCheckpointSaver): Promise<boolean | undefined> {
  const given = await forkValues(saver, (first) => saver.getNextVersion(first as number));
  if (given.kept) return true;
  if (given.versions[0] !== given.versions[1]) return undefined;
  const distinct = await forkValues(saver, (first) => saver.getNextVersion(saver.getNextVersion(first as number)));
  return distinct.kept && distinct.versions[0] !== distinct.versions[1] ? false : undefined;
}

async function forkValues(saver: BaseCheckpointSaver, secondVersion: (first: Version) => Version): Promise<{ versions: Version[]; kept: boolean }> {
  const thread = `probe-fork-${randomUUID()}`;
  const first = saver.getNextVersion(undefined);
  const parentId = await putProbe(saver, thread, "", { values: { x: "parent" }, versions: { x: first } });
  const versions = [saver.getNextVersion(first), secondVersion(first)];
  const forks: string[] = [];
  for (const [i, version] of versions.entries()) forks.push(await putProbe(saver, thread, "", { parentId, values: { x: `fork-${i}` }, versions: { x: version as number } }));
  const values = await Promise.all(forks.map(async (id) => (await saver.getTuple(at(thread, "", id)))?.checkpoint.channel_values.x));
  return { versions, kept: values.every((value, i) => value === `fork-${i}`) };
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

/** The store's check, run only when the round trip read get() and search() right: put() at once into one namespace. */
export function storeChecks(store: BaseStore): Record<string, () => Promise<boolean | undefined>> {
  return {
    put: async () => {
      const namespace = ["probe-concurrent", randomUUID()];
      await Promise.all(keysAtOnce.map((key, n) => store.put(namespace, key, { n })));
      const kept = await Promise.all(keysAtOnce.map(async (key, n) => (await store.get(namespace, key))?.value?.n === n));
      const sameKey = ["probe-concurrent", randomUUID()];
      await Promise.all(keysAtOnce.map((_, n) => store.put(sameKey, "one", { n })));
      const listed = (await store.search(sameKey, { limit: 10 })).filter((item) => item.key === "one").length;
      return kept.every(Boolean) && listed === 1;
    },
  };
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
