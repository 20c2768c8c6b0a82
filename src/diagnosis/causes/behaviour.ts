import { KIND_DESCRIPTORS } from "../../kinds/descriptors.js";
import type { KindCauseMethods, KindDescriptor } from "../../kinds/types.js";
import type { FailureItem } from "./failure-item.js";

/** The kind of subject a failure was of, as the grouping needs it: its capability table and its methods' roles. */
export type CauseKind = Pick<KindDescriptor, "capabilities" | "causeMethods" | "noun">;

/** The checkpointer's: what a report without a kind was of. */
export const CHECKPOINTER_CAUSE_KIND: CauseKind = KIND_DESCRIPTORS.checkpointer;

const methodCalls = new WeakMap<KindCauseMethods, RegExp>();

/** `list(`, `saver.list(`, `list: `, `putWrites call`, `list iteration`: a call of one of the kind's methods. */
function methodCallPattern(methods: KindCauseMethods): RegExp {
  let pattern = methodCalls.get(methods);
  if (!pattern) {
    const names = [...methods.order].sort((a, b) => b.length - a.length).join("|");
    pattern = new RegExp(`(?:^|[^\\w.])(?:${methods.receiver}\\.)?(${names})(?:\\(|: | call| iteration\\b)`);
    methodCalls.set(methods, pattern);
  }
  return pattern;
}

/** What kind of data a wrong answer was about: a checkpointer's pending writes are putWrites' to store, the rest (checkpoints, a store's items, a cache's entries) the kind's writer's. */
export type DataKind = "writes" | "checkpoint";

/** The saver behaviour a failure shows, read from the failure's own data. */
export interface ObservedBehaviour {
  /** The method whose answer was wrong (or that threw): named by the failed clause, else the test's capability. */
  method: string;
  /** Whether the wrong answer was about pending writes or about the checkpoint itself. */
  data: DataKind;
  /** For a test of a method that changes what is stored (deleteThread, …) or of a store's batch(): the reader its clause reads through, the witness. */
  witness?: string;
  /** The clause compares two readers with each other (`list()'s tuple must equal getTuple()'s`): it cannot tell which one reads wrong. */
  comparesReaders?: true;
}

/** The first saver method a text calls: `list` in `list({thread_id}) must yield …`, `putWrites` in `three writes in one putWrites call`. */
export function calledMethod(text: string, kind: CauseKind = CHECKPOINTER_CAUSE_KIND): string | undefined {
  return methodCallPattern(kind.causeMethods).exec(text)?.[1];
}

/**
 * The method a failure observed misbehaving: the method that threw, the model's
 * operation, the method the failed clause names first, or else the method of
 * the capability the test checks. Undefined when nothing names one (a graph
 * case no probe explained).
 */
export function observedBehaviour(item: FailureItem, kind: CauseKind = CHECKPOINTER_CAUSE_KIND): ObservedBehaviour | undefined {
  const methods = kind.causeMethods;
  const firstLine = item.message.split("\n", 1)[0];
  const writesData =
    methods.writers.writes !== undefined &&
    /pending ?writes?|\bwrites?\b|putWrites|__error__|__interrupt__|__resume__/i.test(`${firstLine}\n${item.description}`);
  const data: DataKind = writesData ? "writes" : "checkpoint";
  const thrower = item.error?.method ? calledMethod(`${item.error.method}(`, kind) : undefined;
  if (thrower !== undefined) return { method: thrower, data };
  if (methods.operationSections.includes(item.section)) {
    const operation = calledMethod(item.name, kind);
    return operation === undefined ? undefined : { method: operation, data };
  }
  if (item.confirmed) {
    // A graph case names the clause its probe confirmed and the method that probe blames.
    const operation = calledMethod(item.confirmed.method ?? item.confirmed.title, kind);
    return operation === undefined ? undefined : { method: operation, data };
  }
  if (!item.spec) return undefined;
  const capability = kind.capabilities.find((c) => c.id === item.spec!.capability)?.method;
  // A test of a method that changes what is stored (deleteThread, copyThread, …) checks it by reading: the read it names is only the witness.
  const changesStorage = capability !== undefined && methods.changesStorage.includes(capability);
  const called = calledMethod(firstLine, kind);
  const named = changesStorage ? capability : (called ?? capability);
  // The read a clause names, called (`get(`) or in words (`get after delete must return null`).
  const read = called ?? readerNamed(firstLine, methods.readers);
  // That read is the witness of a test of a method that changes what is stored, or of one that is neither a writer nor a reader (a store's batch(), which runs the others' operations) when the clause names the read in words only.
  const checksByReading =
    changesStorage ||
    (capability !== undefined && !methods.readers.includes(capability) && !Object.values(methods.writers).includes(capability));
  const witness = checksByReading && read !== undefined && read !== named && methods.readers.includes(read) ? read : undefined;
  const comparesReaders = /\blist\b/.test(firstLine) && /\bgetTuple\b/.test(firstLine);
  return named === undefined
    ? undefined
    : { method: named, data, ...(witness ? { witness } : {}), ...(comparesReaders ? { comparesReaders: true as const } : {}) };
}

/** The reader a text names first as a word (`get` in `get after delete must return null`). */
function readerNamed(text: string, readers: readonly string[]): string | undefined {
  const found = readers
    .map((r) => [r, new RegExp(`\\b${r}\\b`).exec(text)?.index] as const)
    .filter((f): f is readonly [string, number] => f[1] !== undefined);
  return found.sort((a, b) => a[1] - b[1])[0]?.[0];
}

/** The writer whose data a read of this kind shows. */
export function writerOf(data: DataKind, kind: CauseKind = CHECKPOINTER_CAUSE_KIND): string {
  const { writers } = kind.causeMethods;
  return data === "writes" && writers.writes !== undefined ? writers.writes : writers.checkpoint;
}

/**
 * The method to blame for each observed behaviour of a run, from what else the
 * run saw go wrong with the same kind of data (checkpoints, pending writes):
 * - a writer a targeted probe confirmed (`confirmedWriters`) is blamed for every read of its data;
 * - the same data read wrong through two readers (getTuple(), list(),
 *   getDeltaChannelHistory()) is the writer's: independent reads agree, so
 *   what was stored is wrong;
 * - anything else is the method that gave the wrong answer.
 */
export function blamedMethod(
  observed: ObservedBehaviour,
  readersSeen: ReadonlyMap<DataKind, ReadonlySet<string>>,
  confirmedWriters: ReadonlySet<string>,
  kind: CauseKind = CHECKPOINTER_CAUSE_KIND,
): string {
  const readers = kind.causeMethods.readers;
  const writer = writerOf(observed.data, kind);
  const seen = readersSeen.get(observed.data) ?? new Set<string>();
  if (!readers.includes(observed.method)) return observed.method;
  if (confirmedWriters.has(writer)) return writer;
  return [...seen].filter((m) => readers.includes(m)).length >= 2 ? writer : observed.method;
}

/** A method's place in the data flow (unknown methods last). */
export function methodRank(method: string | undefined, kind: CauseKind = CHECKPOINTER_CAUSE_KIND): number {
  const order = kind.causeMethods.order;
  const i = method === undefined ? -1 : order.indexOf(method);
  return i < 0 ? order.length : i;
}
