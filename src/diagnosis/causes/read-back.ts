import type { ReadBack, ReaderCheckId } from "../../report/types.js";
import { blamedMethod, CHECKPOINTER_CAUSE_KIND, writerOf, type CauseKind, type DataKind, type ObservedBehaviour } from "./behaviour.js";

/** What the read-back probe showed for one kind of data: its writer stored it wrong, some readers read it wrong, or nothing (every reader read it right, or no probe). */
type Verdict = { at: "writer" } | { at: "readers"; wrong: readonly string[] } | undefined;

/**
 * The read-back probe's verdict on one kind of data (a fresh round trip read
 * through getTuple() and list()): `writer` when every reader read it wrong
 * (what was stored is wrong), `readers` with the ones that read it wrong when
 * another read it right (what was stored is right).
 */
export function readBackVerdict(readBack: ReadBack | undefined, data: DataKind): Verdict {
  const answers = Object.entries(readBack?.[data] ?? {});
  if (answers.length === 0) return undefined;
  // Readers a check found sharing a bug on this data agree for that reason: their agreement says nothing of what was stored.
  if (answers.every(([, right]) => !right)) return sharedReaderBug(readBack, data) ? undefined : { at: "writer" };
  const wrong = answers.filter(([, right]) => !right).map(([reader]) => reader);
  return wrong.length > 0 ? { at: "readers", wrong } : undefined;
}

/** The one method the probe found broken over both kinds of data, put()'s answer and its targeted method checks (one writer, one reader, or one method checked), if it found exactly one. */
export function probeCulprit(readBack: ReadBack | undefined, kind: CauseKind = CHECKPOINTER_CAUSE_KIND): string | undefined {
  const kinds: DataKind[] = ["checkpoint", "writes"];
  const verdicts = kinds.map((data) => [data, readBackVerdict(readBack, data)] as const);
  const writers = [
    ...verdicts.filter(([, v]) => v?.at === "writer").map(([data]) => writerOf(data, kind)),
    ...(readBack?.putConfig === false ? [writerOf("checkpoint", kind)] : []),
  ];
  const readers = verdicts.flatMap(([, v]) => (v?.at === "readers" ? v.wrong : []));
  const broken = new Set([...writers, ...readers, ...checkedBroken(readBack), ...readerChecksWrong(readBack, kind).map((c) => c.blamed)]);
  return broken.size === 1 ? [...broken][0] : undefined;
}

/** The methods the probe's targeted checks found answering wrong. */
export function checkedBroken(readBack: ReadBack | undefined): string[] {
  return Object.entries(readBack?.methods ?? {}).flatMap(([method, right]) => (right === false ? [method] : []));
}

/**
 * The method the read-back probe blames for a failure that read stored data
 * (observed on put(), putWrites() or a reader), else undefined:
 * - every reader read this kind of data wrong: its writer;
 * - a reader the probe saw read it wrong (another read it right): that reader;
 * - a reader the probe saw read it right: no one else (the probe cannot tell);
 * - otherwise the one method the probe found broken, if exactly one: a
 *   writer's test reads back what it wrote, so a broken reader is its witness,
 *   and the kind of data a failure is about is read from its text, which the
 *   probe's answer outweighs;
 * - a test of deleteThread() (or another method that changes what is stored)
 *   whose clause reads through the one reader the probe found broken: that
 *   reader, its witness, is at fault.
 */
export function readBackBlame(
  readBack: ReadBack | undefined,
  observed: ObservedBehaviour,
  kind: CauseKind = CHECKPOINTER_CAUSE_KIND,
): string | undefined {
  // Every reader finds the stored thread under ids that only look like it, and reads the stored ids right: the readers' id matching, one bug they share, named by the first reader.
  if (readersMatchLoosely(readBack) && kind.causeMethods.readers.includes(observed.method))
    return kind.causeMethods.readers.find((r) => r in (readBack?.lookalikeIds ?? {}));
  const writer = writerOf(observed.data, kind);
  const culprit = probeCulprit(readBack, kind);
  if (observed.witness !== undefined) return culprit === observed.witness ? observed.witness : undefined;
  // Readers a check found answering wrong where the writer cannot have: a shared bug takes the writer's tests of that data and the readers it asked; another reader keeps its own.
  const shared = sharedReaderBug(readBack, observed.data, kind);
  if (shared)
    return shared.readers.includes(observed.method) || observed.method === writer
      ? shared.blamed
      : kind.causeMethods.readers.includes(observed.method)
        ? observed.method
        : undefined;
  if (readerChecksWrong(readBack, kind).some((c) => c.readers.includes(observed.method) && READER_CHECKS[c.check].data === observed.data))
    return observed.method;
  const isReader = kind.causeMethods.readers.includes(observed.method);
  const writers = Object.values(kind.causeMethods.writers);
  if (!isReader && !writers.includes(observed.method)) return undefined;
  const verdict = readBackVerdict(readBack, observed.data);
  if (verdict?.at === "writer") return writer;
  if (isReader && readBack?.[observed.data]?.[observed.method as keyof ReadBack["checkpoint"]] !== undefined) {
    if (verdict?.at === "readers") return observed.method;
  }
  // The one method the probe found broken explains a failure only where the failure can have gone through it: a writer, or a method
  // whose answers the writers store (getNextVersion()), since every test reads what was stored; or a reader that witnessed a writer's
  // test. Never a method that changes what is stored (a deleteThread() test has its witness rule) nor another reader's failures.
  const through =
    culprit !== undefined &&
    (writers.includes(culprit) ||
      kind.causeMethods.answers.includes(culprit) ||
      (kind.causeMethods.readers.includes(culprit) && !isReader));
  return through ? culprit : undefined;
}

/** Every reader found the stored thread under a lookalike id while reading what was stored right (what was stored is right, the readers' matching is not). */
export function readersMatchLoosely(readBack: ReadBack | undefined): boolean {
  const lookalike = Object.values(readBack?.lookalikeIds ?? {});
  return lookalike.length > 0 && lookalike.every((right) => !right) && readBackVerdict(readBack, "checkpoint") === undefined;
}

/** The method to blame for an observed behaviour: the read-back probe's when it names one, else `blamedMethod`'s (what else the run saw go wrong). */
export function blamedMethodProbed(
  observed: ObservedBehaviour,
  readersSeen: ReadonlyMap<DataKind, ReadonlySet<string>>,
  confirmedWriters: ReadonlySet<string>,
  readBack: ReadBack | undefined,
  kind: CauseKind = CHECKPOINTER_CAUSE_KIND,
): string {
  const probed = readBackBlame(readBack, observed, kind);
  if (probed !== undefined) return probed;
  // A round trip on a fresh subject read this data right through every reader: what the writer stores is right, so readers that each read wrong are each their own bug, not the writer's.
  if (readersReadRight(readBack, observed.data) && !confirmedWriters.has(writerOf(observed.data, kind))) return observed.method;
  return blamedMethod(observed, readersSeen, confirmedWriters, kind);
}

/** The read-back probe read this kind of data through every reader it asked, and each read it right. */
function readersReadRight(readBack: ReadBack | undefined, data: DataKind): boolean {
  const answers = Object.values(readBack?.[data] ?? {});
  return answers.length > 0 && answers.every((right) => right === true);
}

/** What the read-back probe's targeted check of each method (src/diagnosis/method-checks.ts) looks at, by the kind's noun: bugs whose wrong answer shows only through another method's. */
export const METHOD_CHECKS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  saver: {
    getNextVersion: "40 versions in a row from getNextVersion() must increase under LangGraph's compareChannelVersions",
    deleteThread: "a thread deleted with deleteThread() must read as empty through getTuple(), which found it before",
    put: 'channel values named "a.b" and "$c" read back wrong through both getTuple() and list()',
    putWrites: "a Map as the whole value of a write reads back wrong through both getTuple() and list()",
  },
  store: {
    get: "an item put with a short TTL (the declared ttl.put) was still read by get() past its expiry, while another reader no longer showed it",
    search:
      "an item put with a short TTL (the declared ttl.put) was still found by search() past its expiry, while another reader no longer showed it",
    listNamespaces:
      "a namespace holding only an item put with a short TTL (the declared ttl.put) was still listed by listNamespaces() past its expiry, while another reader no longer showed the item",
    put: "items put at once under distinct keys of one namespace must all read back through get(), one key put at once several times must be listed once by search(), and (with an index) items holding the same value must rank alike in a query search whether updated, deleted and put again, or put once; both readers read one item right",
  },
  cache: {
    set: "entries set at once under distinct keys of one namespace must all read back through get(), which reads them right one at a time",
  },
};

/** What each reader check (src/diagnosis/reader-checks.ts, a store's in src/diagnosis/method-checks.ts) showed when a reader answered wrong, and the kind of data whose failures it explains. */
export const READER_CHECKS: Readonly<Record<ReaderCheckId, { data: DataKind; text: string }>> = {
  writesOrder: {
    data: "writes",
    text: "pending writes of four tasks stored without a task path, one write each, came back each right but out of task id order (JS-02: by code point); their order is decided by the task ids the reader returns, so the reader orders them wrong",
  },
  writesPages: {
    data: "writes",
    text: "of 120 pending writes put ten at a time, the reader returned only the first ones in order, while writes put before those were missing: the reader stopped reading (a writer that stopped storing would have kept the first put)",
  },
  channelsBatch: {
    data: "checkpoint",
    text: "a checkpoint of 120 channels, stored in two puts of 60 new values whose checkpoints read back whole, came back with its versions right and values missing: every value was stored, the reader cut its read short",
  },
  parentLinks: {
    data: "checkpoint",
    text: "checkpoint c put with parent a read back with parent b, a checkpoint put after c: no writer can have stored that, the reader derives the parent from what is stored now",
  },
  expiryInverted: {
    data: "checkpoint",
    text: "an item put with a short TTL (the declared ttl.put) was hidden from every reader right after the put and shown by every reader past its expiry: the expiry stored is right (passing it changed the answers), the readers' check of it is inverted",
  },
  itemDates: {
    data: "checkpoint",
    text: "an item's createdAt and updatedAt came back as strings naming a valid time, not Dates: the time was kept, and turning it back into a Date is the reader's",
  },
  otherNamespaces: {
    data: "checkpoint",
    text: "an item put under one namespace, read right there by get() and search(), was found by its key in a namespace that does not hold it (a sibling, a child, the parent, or a label that only looks like its own) by one reader while the other found nothing there: what was stored is where it was put, that reader matches the namespace loosely or ignores it",
  },
  freshObjects: {
    data: "checkpoint",
    text: "a tuple read back and changed by the caller showed the change when read again: the reader hands out what it keeps",
  },
};

/** A reader check that found readers wrong: which, and the method named for it (the first of them when every reader it asked was wrong). */
interface ReaderCheckFinding {
  check: ReaderCheckId;
  readers: string[];
  /** Every reader the check asked answered wrong: a bug in code they share. */
  shared: boolean;
  blamed: string;
}

/** The reader checks that found a reader wrong, readers in the kind's order. */
export function readerChecksWrong(readBack: ReadBack | undefined, kind: CauseKind = CHECKPOINTER_CAUSE_KIND): ReaderCheckFinding[] {
  const order = (r: string) => kind.causeMethods.readers.indexOf(r);
  return (Object.entries(readBack?.readers ?? {}) as [ReaderCheckId, Partial<Record<string, boolean>>][]).flatMap(([check, answers]) => {
    const asked = Object.keys(answers).sort((a, b) => order(a) - order(b));
    const readers = asked.filter((r) => answers[r] === false);
    if (readers.length === 0 || !(check in READER_CHECKS)) return [];
    const shared = asked.length > 1 && readers.length === asked.length;
    return [{ check, readers, shared, blamed: readers[0] }];
  });
}

/** A reader check that found every reader it asked wrong on this kind of data: the readers share the bug, named by the first. */
export function sharedReaderBug(
  readBack: ReadBack | undefined,
  data: DataKind,
  kind: CauseKind = CHECKPOINTER_CAUSE_KIND,
): ReaderCheckFinding | undefined {
  return readerChecksWrong(readBack, kind).find((c) => c.shared && READER_CHECKS[c.check].data === data);
}
