import { randomUUID } from "node:crypto";
import {
  compareWritesSortKeys,
  uuid6,
  writesSortKey,
  type BaseCheckpointSaver,
  type CheckpointPendingWrite,
  type CheckpointTuple,
} from "@langchain/langgraph-checkpoint";
import { diffValues } from "../format.js";
import type { ReaderCheckId } from "../report/types.js";
import { listAll } from "../kinds/checkpointer/checks/helpers.js";
import { at, putProbe } from "../kinds/checkpointer/probes/store.js";

/** One reader check's answers: each reader, whether it answered right; a reader whose answer the check cannot judge (it threw, or shows another wrong) is left out. */
export type ReaderAnswers = Partial<Record<"getTuple" | "list", boolean>>;

/** How a check judges one reader's answer: right, wrong in the way the check looks for, or undefined (something else is wrong). */
type Judge = (tuple: CheckpointTuple | undefined) => boolean | undefined;

/**
 * Checks of the checkpointer's readers on data written so that the writer
 * cannot have stored it wrong in the way looked for: a reader answering wrong
 * there reads wrong, whatever the other readers answer (src/diagnosis/causes/read-back.ts
 * names the readers for it). Each check puts one small thread and reads one
 * checkpoint of it through getTuple() and list().
 */
export function readerChecks(
  saver: BaseCheckpointSaver,
  latestOnly: boolean,
): Partial<Record<ReaderCheckId, () => Promise<ReaderAnswers | undefined>>> {
  const checks: Partial<Record<ReaderCheckId, () => Promise<ReaderAnswers>>> = {
    writesOrder: () => writesOrder(saver),
    writesPages: () => writesPages(saver),
    // Both read checkpoints older than the latest, which a latest-only saver does not keep.
    ...(latestOnly ? {} : { channelsBatch: () => channelsBatch(saver), parentLinks: () => parentLinks(saver) }),
    freshObjects: () => freshObjects(saver),
  };
  // A check no reader answered decided nothing.
  return Object.fromEntries(Object.entries(checks).map(([id, check]) => [id, async () => nonEmpty(await check())]));
}

const nonEmpty = (answers: ReaderAnswers) => (Object.keys(answers).length > 0 ? answers : undefined);

/** Reads checkpoint `id` of (thread, "") through getTuple() and list() and judges each answer; a reader that throws is left out. */
async function judgeReaders(saver: BaseCheckpointSaver, thread: string, id: string, judge: Judge): Promise<ReaderAnswers> {
  const answers: ReaderAnswers = {};
  const record = async (reader: keyof ReaderAnswers, read: () => Promise<CheckpointTuple | undefined>) => {
    const verdict = judge(await read().catch(() => undefined));
    if (verdict !== undefined) answers[reader] = verdict;
  };
  await record("getTuple", () => saver.getTuple(at(thread, "", id)));
  await record("list", async () => (await listAll(saver, at(thread, ""))).find((t) => t.checkpoint?.id === id));
  return answers;
}

const same = (a: unknown, b: unknown) => diffValues(a, b, { max: 1 }).length === 0;
const multiset = (xs: readonly unknown[]) =>
  xs
    .map((x) => JSON.stringify(x))
    .sort()
    .join("\n");
/** The contract's order of tasks stored without a task path (JS-02), as the reference model orders them. */
export const byTaskId = (a: string, b: string) => compareWritesSortKeys(writesSortKey("", a, 0), writesSortKey("", b, 0));

/**
 * Tasks stored without a task path, one write each, put out of order: their
 * order is decided by the task ids alone (JS-02: code point order, not
 * locale, UTF-16 or insertion order), which every reader returns. Every
 * write coming back right in another order is the reader's order.
 */
async function writesOrder(saver: BaseCheckpointSaver): Promise<ReaderAnswers> {
  const thread = `probe-writes-order-${randomUUID()}`;
  const tasks = ["task-\u{1F600}", "task-a", "task-\uFFFF", "task-B"];
  const id = await putProbe(saver, thread, "");
  for (const [n, task] of tasks.entries()) await saver.putWrites(at(thread, "", id), [["ch", n]], task);
  const expected: CheckpointPendingWrite[] = [...tasks].sort(byTaskId).map((task) => [task, "ch", tasks.indexOf(task)]);
  return judgeReaders(saver, thread, id, (tuple) => {
    const writes = tuple?.pendingWrites ?? [];
    return multiset(writes) === multiset(expected) ? same(expected, writes) : undefined;
  });
}

const PAGE_TASKS = 12;
const WRITES_PER_CALL = 10;

/**
 * 120 writes put ten at a time, the task that sorts last first: a reader
 * returning only the writes that sort first, while writes put before them are
 * missing, stopped reading (a writer that stopped storing keeps the first put).
 */
async function writesPages(saver: BaseCheckpointSaver): Promise<ReaderAnswers> {
  const thread = `probe-writes-pages-${randomUUID()}`;
  const id = await putProbe(saver, thread, "");
  const tasks = Array.from({ length: PAGE_TASKS }, (_, n) => `task-${String(n).padStart(2, "0")}`);
  const putOrder = [...tasks].reverse();
  for (const task of putOrder)
    await saver.putWrites(
      at(thread, "", id),
      Array.from({ length: WRITES_PER_CALL }, (_, i) => [`ch${i}`, `${task}/${i}`] as [string, unknown]),
      task,
    );
  const expected: CheckpointPendingWrite[] = tasks.flatMap((task) =>
    Array.from({ length: WRITES_PER_CALL }, (_, i): CheckpointPendingWrite => [task, `ch${i}`, `${task}/${i}`]),
  );
  return judgeReaders(saver, thread, id, (tuple) => {
    const writes = tuple?.pendingWrites ?? [];
    if (same(expected, writes)) return true;
    const prefix = writes.length > 0 && writes.length < expected.length && same(expected.slice(0, writes.length), writes);
    const putRank = (w: CheckpointPendingWrite) => putOrder.indexOf(w[0]);
    const missedEarlier = prefix && expected.slice(writes.length).some((m) => writes.some((w) => putRank(m) < putRank(w)));
    return missedEarlier ? false : undefined;
  });
}

const HALF = 60;
const channelsOf = (from: number) => Array.from({ length: HALF }, (_, n) => `c${String(from + n).padStart(3, "0")}`);

/**
 * 120 channels stored in two puts of 60 new values each, then a checkpoint
 * holding the second half only: when the checkpoints holding each half read
 * back whole and the one holding both reads back with its versions right but
 * values missing, every value was stored and findable: the reader dropped
 * them (a batch or page read cut short).
 */
async function channelsBatch(saver: BaseCheckpointSaver): Promise<ReaderAnswers> {
  const thread = `probe-channels-batch-${randomUUID()}`;
  const [first, second] = [channelsOf(0), channelsOf(HALF)];
  const values = (channels: string[]) => Object.fromEntries(channels.map((c) => [c, `v-${c}`]));
  const versions = (channels: string[]) => Object.fromEntries(channels.map((c) => [c, 1]));
  const firstId = await putProbe(saver, thread, "", { values: values(first) });
  const bothId = await putProbe(saver, thread, "", {
    parentId: firstId,
    values: values([...first, ...second]),
    versions: versions([...first, ...second]),
    newVersions: versions(second),
  });
  const secondId = await putProbe(saver, thread, "", {
    parentId: bothId,
    values: values(second),
    versions: versions(second),
    newVersions: {},
  });
  const whole = (channels: string[]) => (tuple: CheckpointTuple | undefined) => same(values(channels), tuple?.checkpoint.channel_values);
  const halvesWhole = async (reader: (id: string) => Promise<CheckpointTuple | undefined>) =>
    whole(first)(await reader(firstId)) && whole(second)(await reader(secondId));
  const readsHalves = {
    getTuple: await halvesWhole((id) => saver.getTuple(at(thread, "", id))).catch(() => false),
    list: await halvesWhole(async (id) => (await listAll(saver, at(thread, ""))).find((t) => t.checkpoint?.id === id)).catch(() => false),
  };
  const all = values([...first, ...second]);
  const answers = await judgeReaders(saver, thread, bothId, (tuple) => {
    if (tuple === undefined) return undefined;
    const shown = tuple.checkpoint.channel_values ?? {};
    if (same(all, shown)) return true;
    const keptRight = Object.entries(shown).every(([c, v]) => all[c] === v);
    const dropped = Object.keys(shown).length < Object.keys(all).length;
    return keptRight && dropped && same(versions([...first, ...second]), tuple.checkpoint.channel_versions) ? false : undefined;
  });
  // A reader that does not read each half whole cannot show that every value was stored.
  return Object.fromEntries(Object.entries(answers).filter(([reader, right]) => right || readsHalves[reader as keyof ReaderAnswers]));
}

/**
 * Three checkpoints with ids in order a < b < c, put a, then c (parent a),
 * then b (parent a): c read back with parent b names a checkpoint that did
 * not exist when c was put, which no writer could store: the reader derives
 * the parent from what is stored now.
 */
async function parentLinks(saver: BaseCheckpointSaver): Promise<ReaderAnswers> {
  const thread = `probe-parent-${randomUUID()}`;
  const [a, b, c] = [uuid6(-1), uuid6(-1), uuid6(-1)];
  await putProbe(saver, thread, "", { id: a });
  await putProbe(saver, thread, "", { id: c, parentId: a });
  await putProbe(saver, thread, "", { id: b, parentId: a });
  return judgeReaders(saver, thread, c, (tuple) => {
    const parent = tuple?.parentConfig?.configurable?.checkpoint_id;
    return parent === a ? true : parent === b ? false : undefined;
  });
}

/**
 * A tuple read back, changed by the caller (a channel value replaced, a key
 * added), then read again through the same reader: an answer showing the
 * caller's change was handed out from what the reader keeps, whatever was
 * stored.
 */
async function freshObjects(saver: BaseCheckpointSaver): Promise<ReaderAnswers> {
  const readers: Record<keyof ReaderAnswers, (thread: string, id: string) => Promise<CheckpointTuple | undefined>> = {
    getTuple: (thread, id) => saver.getTuple(at(thread, "", id)),
    list: async (thread, id) => (await listAll(saver, at(thread, ""))).find((t) => t.checkpoint?.id === id),
  };
  const answers: ReaderAnswers = {};
  // A thread of its own for each reader: a change made through one reader's answer shows in the other's only when they share what they keep.
  for (const [reader, read] of Object.entries(readers) as [
    keyof ReaderAnswers,
    (thread: string, id: string) => Promise<CheckpointTuple | undefined>,
  ][]) {
    const thread = `probe-fresh-${randomUUID()}`;
    const id = await putProbe(saver, thread, "", { values: { a: "stored" } });
    const first = await read(thread, id).catch(() => undefined);
    if (first?.checkpoint.channel_values?.a !== "stored") continue;
    first.checkpoint.channel_values.a = "changed by the caller";
    const value = (await read(thread, id).catch(() => undefined))?.checkpoint.channel_values?.a;
    if (value === "stored" || value === "changed by the caller") answers[reader] = value === "stored";
  }
  return answers;
}
