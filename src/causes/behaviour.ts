import { CAPABILITIES } from "../capabilities.js";
import type { FailureItem } from "./failure-item.js";

/**
 * The saver methods in the order their data flows: a method's answers can be
 * wrong because a method before it stored the wrong thing (a broken round trip
 * of put() explains every read of what it stored), never the other way round.
 */
export const METHOD_ORDER: readonly string[] = [
  "put",
  "putWrites",
  "getTuple",
  "list",
  "getDeltaChannelHistory",
  "deleteThread",
  "deleteForRuns",
  "copyThread",
  "prune",
  "getNextVersion",
  "get",
];

/** Methods that change what is stored besides put() and putWrites(): their tests read to see what they did. */
const CHANGES_STORAGE = new Set(["deleteThread", "deleteForRuns", "copyThread", "prune"]);

/** Methods whose answers read what put() and putWrites() stored. */
export const READERS = new Set(["getTuple", "list", "get", "getDeltaChannelHistory"]);

const METHOD_CALL = new RegExp(`(?:^|[^\\w.])(?:saver\\.)?(${[...METHOD_ORDER].sort((a, b) => b.length - a.length).join("|")})(?:\\(|: | call| iteration\\b)`);

/** What kind of data a wrong answer was about: pending writes are putWrites' to store, the rest put's. */
export type DataKind = "writes" | "checkpoint";

/** The saver behaviour a failure shows, read from the failure's own data. */
export interface ObservedBehaviour {
  /** The method whose answer was wrong (or that threw): named by the failed clause, else the test's capability. */
  method: string;
  /** Whether the wrong answer was about pending writes or about the checkpoint itself. */
  data: DataKind;
  /** For a test of a method that changes what is stored (deleteThread, …): the reader its clause reads through, the witness. */
  witness?: string;
  /** The clause compares two readers with each other (`list()'s tuple must equal getTuple()'s`): it cannot tell which one reads wrong. */
  comparesReaders?: true;
}

/** The first saver method a text calls: `list` in `list({thread_id}) must yield …`, `putWrites` in `three writes in one putWrites call`. */
export function calledMethod(text: string): string | undefined {
  return METHOD_CALL.exec(text)?.[1];
}

/**
 * The method a failure observed misbehaving: the method that threw, the model's
 * operation, the method the failed clause names first, or else the method of
 * the capability the test checks. Undefined when nothing names one (a graph
 * case no probe explained).
 */
export function observedBehaviour(item: FailureItem): ObservedBehaviour | undefined {
  const firstLine = item.message.split("\n", 1)[0];
  const data: DataKind = /pending ?writes?|\bwrites?\b|putWrites|__error__|__interrupt__|__resume__/i.test(`${firstLine}\n${item.description}`) ? "writes" : "checkpoint";
  const thrower = item.error?.method ? calledMethod(`${item.error.method}(`) : undefined;
  if (thrower !== undefined) return { method: thrower, data };
  if (item.section === "model") {
    const operation = calledMethod(item.name);
    return operation === undefined ? undefined : { method: operation, data };
  }
  if (item.confirmed) {
    // A graph case names the clause its probe confirmed and the method that probe blames.
    const operation = calledMethod(item.confirmed.method ?? item.confirmed.title);
    return operation === undefined ? undefined : { method: operation, data };
  }
  if (!item.spec) return undefined;
  const capability = CAPABILITIES.find((c) => c.id === item.spec!.capability)?.method;
  // A test of a method that changes what is stored (deleteThread, copyThread, …) checks it by reading: the read it names is only the witness.
  const changesStorage = capability !== undefined && CHANGES_STORAGE.has(capability);
  const called = calledMethod(firstLine);
  const named = changesStorage ? capability : (called ?? capability);
  const witness = changesStorage && called !== undefined && READERS.has(called) ? called : undefined;
  const comparesReaders = /\blist\b/.test(firstLine) && /\bgetTuple\b/.test(firstLine);
  return named === undefined ? undefined : { method: named, data, ...(witness ? { witness } : {}), ...(comparesReaders ? { comparesReaders: true as const } : {}) };
}

/** The writer whose data a read of this kind shows. */
export const WRITER_OF: Record<DataKind, string> = { checkpoint: "put", writes: "putWrites" };

/**
 * The method to blame for each observed behaviour of a run, from what else the
 * run saw go wrong with the same kind of data (checkpoints, pending writes):
 * - a writer a targeted probe confirmed (`confirmedWriters`) is blamed for every read of its data;
 * - the same data read wrong through two readers (getTuple(), list(),
 *   getDeltaChannelHistory()) is the writer's: independent reads agree, so
 *   what was stored is wrong;
 * - anything else is the method that gave the wrong answer.
 */
export function blamedMethod(observed: ObservedBehaviour, readersSeen: ReadonlyMap<DataKind, ReadonlySet<string>>, confirmedWriters: ReadonlySet<string>): string {
  const writer = WRITER_OF[observed.data];
  const seen = readersSeen.get(observed.data) ?? new Set<string>();
  if (!READERS.has(observed.method)) return observed.method;
  if (confirmedWriters.has(writer)) return writer;
  return [...seen].filter((m) => READERS.has(m)).length >= 2 ? writer : observed.method;
}

/** A method's place in the data flow (unknown methods last). */
export function methodRank(method: string | undefined): number {
  const i = method === undefined ? -1 : METHOD_ORDER.indexOf(method);
  return i < 0 ? METHOD_ORDER.length : i;
}
