import { createHash } from "node:crypto";
import type { FailureCause, FailureItem, ReadBack, ReportData } from "../../report/types.js";
import { failureItems } from "./failure-item.js";

export type { FailureCause };
import { causeKey, causeTitle, errorSignature, normaliseMessage } from "./signature.js";
import { firstLine } from "../../util/text.js";
import { methodRank, observedBehaviour, writerOf, type CauseKind, type DataKind, type ObservedBehaviour } from "./behaviour.js";
import { kindDescriptor, type SubjectKindId } from "../../kinds/descriptors.js";
import {
  blamedMethodProbed,
  checkedBroken,
  METHOD_CHECKS,
  READER_CHECKS,
  readBackVerdict,
  readerChecksWrong,
  readersMatchLoosely,
} from "./read-back.js";
import { ANSWER_KIND_TEXT, answerKind, type AnswerKind } from "./answer-kind.js";
import { HARMS, worstHarm, type Harm } from "./harm.js";

interface Grouped {
  key: string;
  failures: FailureItem[];
  method?: string;
  blame?: string;
  /** The failures whose blame moved from the method they observed to this one. */
  moved: Set<FailureItem>;
}

/**
 * The report's counted failures grouped by the saver behaviour that explains
 * them: the method at fault (named by the failed clause, the thrown error or
 * a confirming probe, with reads of stored data blamed on the writer when
 * both readers see it wrong) and, for a thrown error, the error itself. A
 * clause that only quotes an error another failure threw is that error's.
 * The cause explaining most comes first; on a tie, a method that stores or
 * deletes before a method that reads (the read is as often only the witness).
 */
export function failureCauses(
  data: Pick<ReportData, "results" | "sections" | "readBack"> & { subjectKind?: SubjectKindId },
): FailureCause[] {
  const kind = kindDescriptor(data.subjectKind);
  const items = failureItems(data);
  const observed = new Map(items.map((item) => [item, observedBehaviour(item, kind)] as const));
  const readersSeen = new Map<DataKind, Set<string>>();
  for (const [item, o] of observed) {
    if (o && !item.error && !o.comparesReaders) readersSeen.set(o.data, new Set([...(readersSeen.get(o.data) ?? []), o.method]));
  }
  const confirmedWriters = new Set(
    items
      .filter((i) => kind.causeMethods.operationSections.includes(i.section) && i.confirmed)
      .flatMap((i) => (observed.get(i) ? [observed.get(i)!.method] : [])),
  );
  const errors = items.filter((i) => i.error).map((i) => ({ signature: errorSignature(i.error!), quoted: quotedForms(i.error!) }));

  const groups = new Map<string, Grouped>();
  for (const item of items) {
    const grouped = groupOf(item, observed.get(item), readersSeen, confirmedWriters, errors, data.readBack, kind);
    const known = groups.get(grouped.key);
    if (!known) groups.set(grouped.key, { ...grouped, failures: [item], moved: new Set(grouped.blame ? [item] : []) });
    else {
      known.failures.push(item);
      // The blame moved for some failures of the group: the title says why.
      if (grouped.blame) {
        known.moved.add(item);
        known.blame ??= grouped.blame;
      }
    }
  }
  // Most harmful first (data of another thread or namespace, data lost, changed, order, rejected input); then the cause explaining most, a write before a read, in the data flow's order; causes that tie keep the order of their first failure.
  const harm = (g: Grouped) => HARMS.indexOf(harmOfGroup(g));
  const isRead = (g: Grouped) => Number(readsOf(kind).has(g.method ?? ""));
  const sorted = [...groups.values()].sort(
    (a, b) =>
      harm(a) - harm(b) ||
      b.failures.length - a.failures.length ||
      isRead(a) - isRead(b) ||
      methodRank(a.method, kind) - methodRank(b.method, kind),
  );
  // Fixing one cause clears others only where that was shown: a round trip on a fresh subject broken in its writer, which every test of that data needs.
  const brokenWriters = roundTripBrokenWriters(data.readBack, kind);
  return sorted.map((g): FailureCause => {
    const failures = withEvidenceFirst(g);
    return {
      causeId: causeIdOf(g.key),
      title: titleOf(g, failures[0], kind),
      kind: g.failures[0].error ? "error" : "clause",
      failures,
      harm: harmOfGroup(g),
      ...(g.method !== undefined ? { method: g.method } : {}),
      ...(g.blame !== undefined ? { blame: g.blame } : {}),
      ...(sorted.length > 1 && g.method !== undefined && brokenWriters.includes(g.method) && g.moved.size > 0
        ? { clearsOthers: true as const }
        : {}),
    };
  });
}

/** A thrown error's cause is a call rejected (the clauses quoting it included); a method's wrong answers, the worst of them. */
function harmOfGroup(g: Grouped): Harm {
  return g.failures[0].error ? "rejected" : worstHarm(g.failures);
}

/** The writers whose round trip on a fresh subject read back wrong through every reader (or, put(), whose config named another checkpoint). */
function roundTripBrokenWriters(readBack: ReadBack | undefined, kind: CauseKind): string[] {
  if (!readBack) return [];
  const writers = (["checkpoint", "writes"] as const)
    .filter((data) => readBackVerdict(readBack, data)?.at === "writer")
    .map((data) => writerOf(data, kind));
  return [...writers, ...(readBack.putConfig === false ? [writerOf("checkpoint", kind)] : [])];
}

function groupOf(
  item: FailureItem,
  observed: ObservedBehaviour | undefined,
  readersSeen: ReadonlyMap<DataKind, ReadonlySet<string>>,
  confirmedWriters: ReadonlySet<string>,
  errors: readonly { signature: string; quoted: readonly string[] }[],
  readBack: ReadBack | undefined,
  kind: CauseKind,
): Omit<Grouped, "failures" | "moved"> {
  const method = observed?.method;
  if (item.error) return { key: ["error", errorSignature(item.error)].join("\u0000"), ...(method ? { method } : {}) };
  // A clause that quotes an error the saver threw elsewhere (a race test's "put() threw TypeError: …" or "put(…) rejected: …") is that error's.
  const message = normaliseMessage(item.message);
  const quoted = errors.find((e) => e.quoted.some((q) => message.includes(q)));
  if (quoted) return { key: ["error", quoted.signature].join("\u0000"), ...(method ? { method } : {}) };
  if (!observed) return { key: causeKey(item) };
  const blamed = blamedMethodProbed(observed, readersSeen, confirmedWriters, readBack, kind);
  if (blamed === observed.method) return { key: ["method", blamed].join("\u0000"), method: blamed };
  return { key: ["method", blamed].join("\u0000"), method: blamed, blame: blameText(blamed, confirmedWriters, readBack, kind) };
}

/** Shorter messages ("not found") could be any error's: only a longer one, quoted, names this one. */
const MIN_QUOTED_MESSAGE = 20;

/** How a clause quotes a thrown error: its first message line, normalised, after its name (`TypeError: …`), or alone when long enough to tell it apart. */
function quotedForms(error: NonNullable<FailureItem["error"]>): string[] {
  const message = normaliseMessage(error.message.split("\n", 1)[0]);
  if (message.length === 0) return [];
  return message.length >= MIN_QUOTED_MESSAGE ? [message] : [`${error.name}: ${message}`];
}

/** Methods whose own answer the failures compare (the others are checked by reading back what they did). */
function readsOf(kind: CauseKind): ReadonlySet<string> {
  return new Set([...kind.causeMethods.readers, ...kind.causeMethods.answers]);
}

/**
 * The failures with the one shown in full first: for a method's wrong answers,
 * the shortest failure of the kind the title names, so the evidence under the
 * title shows what the title says (never a failure whose data says otherwise).
 */
function withEvidenceFirst(g: Grouped): FailureItem[] {
  if (g.method === undefined || g.failures[0].error) return g.failures;
  const kind = titleKind(g);
  // Of that kind, one that observed the method itself if there is one (its data names the method the title blames).
  const candidates = g.failures.filter((f) => answerKind(f) === kind);
  const own = candidates.filter((f) => !g.moved.has(f));
  const pool = own.length > 0 ? own : candidates;
  // A spec test reads more plainly than a model sequence or a graph case: one of them, if any.
  const spec = pool.filter((f) => f.spec);
  const evidence = (spec.length > 0 ? spec : pool).reduce((best, f) => (f.message.length < best.message.length ? f : best));
  return [evidence, ...g.failures.filter((f) => f !== evidence)];
}

/** The kind of wrong answer most of a cause's failures show (the first of them on a tie), and how many show it. */
function majorityKind(failures: readonly FailureItem[]): [AnswerKind, number] {
  const kinds = new Map<AnswerKind, number>();
  for (const f of failures) kinds.set(answerKind(f), (kinds.get(answerKind(f)) ?? 0) + 1);
  return [...kinds].reduce((best, entry) => (entry[1] > best[1] ? entry : best));
}

function titleKind(g: Grouped): AnswerKind {
  return majorityKind(g.failures)[0];
}

/** Why a failure another method observed is this method's. */
function blameText(blamed: string, confirmedWriters: ReadonlySet<string>, readBack: ReadBack | undefined, kind: CauseKind): string {
  if (readersMatchLoosely(readBack)) {
    const readers = Object.keys(readBack?.lookalikeIds ?? {}).map((m) => `${m}()`);
    return `a round trip on a fresh ${kind.noun} read the stored ids right, and every reader (${readers.join(", ")}) found the stored thread under ids that only look like it (another case, a LIKE wildcard, a trailing space): the readers match ids loosely, a bug they share`;
  }
  const readerFinding = readerChecksWrong(readBack, kind).find((c) => c.blamed === blamed);
  if (readerFinding) {
    const who = readerFinding.shared
      ? `every reader it asked (${readerFinding.readers.map((r) => `${r}()`).join(", ")}) wrong, a bug in code they share`
      : `${blamed}() wrong`;
    return `a targeted check of the readers on a fresh ${kind.noun} found ${who}: ${READER_CHECKS[readerFinding.check].text}`;
  }
  if (checkedBroken(readBack).includes(blamed))
    return `a targeted check on a fresh ${kind.noun} found ${blamed}() wrong: ${METHOD_CHECKS[kind.noun]?.[blamed] ?? "its own answer was wrong"}`;
  if (readsOf(kind).has(blamed))
    return `a round trip on a fresh ${kind.noun} read back right through another reader and wrong through ${blamed}(): what was stored is right, ${blamed}() reads it wrong`;
  if (readBack && blamed === writerOf("checkpoint", kind) && readBack.putConfig === false)
    return "a round trip on a fresh saver showed put() returns a config that does not name the checkpoint it stored";
  if (readBack && (["checkpoint", "writes"] as const).some((kind) => readBackVerdict(readBack, kind)?.at === "writer")) {
    return `a round trip on a fresh ${kind.noun} read back wrong through every reader (${readBackReaders(readBack).join(", ")}): ${blamed}() stores it wrong`;
  }
  if (confirmedWriters.has(blamed)) return `a targeted probe on a fresh saver confirmed ${blamed}() stores it wrong`;
  return `two readers (of ${kind.causeMethods.readers.map((m) => `${m}()`).join(", ")}) read back wrong what ${blamed}() stored`;
}

/** The readers the read-back probe read through. */
function readBackReaders(readBack: ReadBack): string[] {
  return [...new Set([...Object.keys(readBack.checkpoint), ...Object.keys(readBack.writes)])].map((m) => `${m}()`);
}

/** Longest part of a cause's title quoted from its first failure's message. */
const TITLE_QUOTE = 140;

/**
 * `list() returns more items than expected: list({thread_id}) must yield … [LS-11, LS-12]`, or the thrown error's
 * line, or the clause: the method and the kind of wrong answer, then what its own first failure (the one shown in
 * full) says broke, never another test's words.
 */
function titleOf(g: Grouped, first: FailureItem, subject: CauseKind): string {
  if (first.error || g.method === undefined) return causeTitle(first);
  // Graph cases a targeted probe explained: the clause the probe confirmed says more than the kind of answer.
  if (g.failures.every((f) => f.section === "graph" && f.confirmed)) return causeTitle(first);
  const kind = answerKind(first);
  const what = !readsOf(subject).has(g.method)
    ? `: what it stored reads back as ${ANSWER_KIND_TEXT[kind]}`
    : ` returns ${ANSWER_KIND_TEXT[kind]}`;
  const said = firstLine(first.message).replace(/\s+/g, " ").trim();
  const quote = said.length > TITLE_QUOTE ? `${said.slice(0, TITLE_QUOTE - 1)}…` : said;
  return `${g.method}()${what}: ${quote}${idsText(g.failures)}`;
}

/** The catalog ids of a cause's failures, most frequent first, at most four: ` [LS-11, LS-12, +3]`. */
function idsText(failures: readonly FailureItem[]): string {
  const counts = new Map<string, number>();
  for (const f of failures) for (const id of f.ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  const ids = [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  if (ids.length === 0) return "";
  const more = ids.length > 4 ? `, +${ids.length - 4}` : "";
  return ` [${ids.slice(0, 4).join(", ")}${more}]`;
}

/** The cause of each failure by its label (`put › test_put_roundtrip`), with the cause's number (1 = explains most). */
export function causeIndex(causes: readonly FailureCause[]): Map<string, { cause: FailureCause; number: number }> {
  const index = new Map<string, { cause: FailureCause; number: number }>();
  causes.forEach((cause, i) => {
    for (const f of cause.failures) index.set(f.label, { cause, number: i + 1 });
  });
  return index;
}

/** The short, stable id of a cause key. */
export function causeIdOf(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 8);
}
