import { causeIndex } from "../diagnosis/causes/group.js";

import { attemptsSuffix } from "./results.js";
import type { FailureCause, FailureItem, SectionLinesOptions } from "./types.js";

/**
 * `1 bug likely — 9 failures because of it:`; `3 bugs likely, worst first — 112 failures:`; and, only where a
 * round trip showed one cause's method stores wrong what the others read, `(fix 2, put(), first: it may clear others)`.
 */
export function causesHeadline(causes: readonly FailureCause[]): string {
  const failures = causes.reduce((n, c) => n + c.failures.length, 0);
  const counted = `${failures} failure${failures === 1 ? "" : "s"}`;
  if (causes.length === 1) return `1 bug likely — ${counted} because of it:`;
  const first = causes.findIndex((c) => c.clearsOthers);
  const advice = first < 0 ? "" : ` (fix ${first + 1}, ${causes[first].method}(), first: it may clear others)`;
  return `${causes.length} bugs likely, worst first${advice} — ${counted}:`;
}

/** `1) TypeError: … at put (my-saver.ts:41:12) — 112 tests: put › a, list › b (+110)` */
export function causeSummary(cause: FailureCause, number: number, shownNames = 3): string {
  return `${number}) ${cause.title} — ${testsHit(cause, shownNames)}`;
}

/**
 * The other failures of a cause, one line each, at most `shown` of them: the label and the first line of its message,
 * capped; the label alone for a thrown error's cause (its line is the cause's title, never repeated per test).
 */
export function otherFailureLines(cause: FailureCause, shown: number, max = 160): string[] {
  const rest = cause.failures.slice(1);
  const line = (f: FailureItem) =>
    cause.kind === "error" ? `✗ ${shownLabel(f)}` : `✗ ${shownLabel(f)}: ${cappedLine(f.message.split("\n", 1)[0], max)}`;
  const lines = rest.slice(0, shown).map(line);
  return rest.length > shown ? [...lines, `(+${rest.length - shown} more; --reporter json has every failure)`] : lines;
}

/** `112 tests: put › a, list › b (+110)`; `112 tests` with no names shown. */
function testsHit(cause: FailureCause, shownNames: number): string {
  const n = cause.failures.length;
  if (shownNames === 0) return `${n} test${n === 1 ? "" : "s"}`;
  const names = cause.failures.slice(0, shownNames).map(shownLabel);
  const more = n > shownNames ? ` (+${n - shownNames})` : "";
  return `${n} test${n === 1 ? "" : "s"}: ${names.join(", ")}${more}`;
}

/** The failures after the first, by name: `also: a, b, c (+N more)`; empty for a cause of one. */
export function alsoHit(cause: FailureCause, shownNames: number): string | undefined {
  const rest = cause.failures.slice(1);
  if (rest.length === 0) return undefined;
  const more = rest.length > shownNames ? ` (+${rest.length - shownNames} more)` : "";
  return `also: ${rest.slice(0, shownNames).map(shownLabel).join(", ")}${more}`;
}

/** A failure's label as printed: with how its attempts went (`— FLAKY: failed, then passed (2 attempts)`) when it was retried. */
export function shownLabel(item: FailureItem): string {
  return `${item.label}${item.spec ? attemptsSuffix(item.spec.test) : ""}`;
}

/** What a section prints for a failure grouped under a cause: `cause 1 (see FAILURES)`, never the error again. */
export function sectionCauseOptions(causes: readonly FailureCause[], sectionKey: string, where: string): SectionLinesOptions {
  const index = causeIndex(causes);
  return {
    causeOf: (name) => {
      const hit = index.get(`${sectionKey} › ${name}`);
      return hit ? `cause ${hit.number} (${where})` : undefined;
    },
  };
}

/** Longest line of a failure printed under its cause; the json reporter has the whole. */
const MAX_LINE = 400;

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/**
 * A failure's lines with each generated id (a UUID: thread ids, checkpoint
 * ids) as a short label, `‹id1›`, the same id the same label, and one legend
 * line that gives each label's id in full. Unchanged when no id repeats or
 * the lines hold none: a label only helps where an id is read twice.
 */
export function withShortIds(lines: readonly string[]): string[] {
  const ids: string[] = [];
  const seen = new Map<string, number>();
  for (const line of lines) for (const id of line.match(UUID) ?? []) seen.set(id, (seen.get(id) ?? 0) + 1);
  if (![...seen.values()].some((n) => n > 1)) return [...lines];
  const label = (id: string) => {
    if (!ids.includes(id)) ids.push(id);
    return `‹id${ids.indexOf(id) + 1}›`;
  };
  const out = lines.map((line) => line.replace(UUID, label));
  return [...out, `ids: ${ids.map((id, i) => `‹id${i + 1}› ${id}`).join(", ")}`];
}

/** A line of a failure, cut at MAX_LINE characters with a pointer to the whole value. */
export function cappedLine(line: string, max = MAX_LINE): string {
  if (line.length <= max) return line;
  return `${line.slice(0, max)} … (${line.length.toLocaleString("en")} characters; --reporter json has the whole value)`;
}
