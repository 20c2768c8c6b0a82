import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { diffValues, formatDiff, type Difference } from "../../../format.js";
import type { ListExpectation } from "./reference-model.js";
import { LISTED_IDS, ORDER_ONLY, sameItems } from "./comparison-id.js";

/**
 * Semantic comparison of a saver's answer with the model's. Not differences:
 * metadata key order (channel versions keep their type: JS-09);
 * extra keys in a getTuple config that echoes the caller's (GT-04 caveat) and
 * an absent vs "" namespace there (official-savers.md); `pendingWrites`
 * undefined vs [] (PW-10); the order of tuples across namespaces (LS-15).
 */

/** The three ids of a config, with an absent namespace read as "". */
function configIds(config: RunnableConfig | undefined): Record<string, unknown> | undefined {
  if (config === undefined) return undefined;
  const c = config.configurable ?? {};
  return { thread_id: c.thread_id, checkpoint_ns: c.checkpoint_ns ?? "", checkpoint_id: c.checkpoint_id };
}

function prefixed(prefix: string, diffs: Difference[]): Difference[] {
  // diffValues names the root "(value)": "(value).length" becomes "<prefix>.length".
  const join = (raw: string) => {
    const path = raw.startsWith("(value)") ? raw.slice("(value)".length).replace(/^\./, "") : raw;
    return path === "" ? prefix : path.startsWith("[") ? `${prefix}${path}` : `${prefix}.${path}`;
  };
  return diffs.map((d) => ({ ...d, path: join(d.path) }));
}

/** The differences between an expected and an actual tuple (both may be undefined). */
export function diffTuple(expected: CheckpointTuple | undefined, actual: CheckpointTuple | undefined, at = "tuple"): Difference[] {
  if (expected === undefined || actual === undefined) {
    return expected === actual ? [] : [{ path: at, expected: expected && summary(expected), actual: actual && summary(actual) }];
  }
  const e = expected.checkpoint;
  const a = actual.checkpoint ?? ({} as CheckpointTuple["checkpoint"]);
  const strict = (path: string, x: unknown, y: unknown) => prefixed(`${at}.${path}`, diffValues(x, y));
  return [
    ...strict("config.configurable", configIds(expected.config), configIds(actual.config)),
    ...strict("checkpoint.v", e.v, a.v),
    ...strict("checkpoint.id", e.id, a.id),
    ...strict("checkpoint.ts", e.ts, a.ts),
    ...strict("checkpoint.channel_values", e.channel_values, a.channel_values),
    ...strict("checkpoint.channel_versions", e.channel_versions, a.channel_versions),
    ...strict("checkpoint.versions_seen", e.versions_seen, a.versions_seen),
    ...strict("metadata", expected.metadata, actual.metadata),
    ...strict("parentConfig.configurable", configIds(expected.parentConfig), configIds(actual.parentConfig)),
    ...orderAware(`${at}.pendingWrites`, expected.pendingWrites ?? [], actual.pendingWrites ?? []),
  ];
}

/**
 * The differences of two lists; when they hold the same items in another
 * order, one difference `<path> (order)` with both lists (its own clause).
 */
export function orderAware(path: string, expected: readonly unknown[], actual: readonly unknown[]): Difference[] {
  const diffs = diffValues(expected, actual);
  if (diffs.length > 0 && sameItems(expected, actual)) return [{ path: `${path} ${ORDER_ONLY}`, expected, actual }];
  return prefixed(path, diffs);
}

/** getDeltaChannelHistory's answer vs the model's, per channel; a channel's writes in another order is DCH-09. */
export function diffDeltaHistory(expected: Record<string, { writes: unknown[] }>, actual: unknown): Difference[] {
  const got = actual as Record<string, { writes?: unknown }> | undefined;
  if (got === null || typeof got !== "object") return diffValues(expected, actual);
  const reordered = Object.keys(expected).filter(
    (ch) =>
      Array.isArray(got[ch]?.writes) &&
      diffValues(expected[ch].writes, got[ch].writes, { max: 1 }).length > 0 &&
      sameItems(expected[ch].writes, got[ch].writes as unknown[]),
  );
  const rest = diffValues(expected, actual).filter(
    (d) => !reordered.some((ch) => d.path.startsWith(`${ch}.writes`) || d.path.startsWith(`${JSON.stringify(ch)}.writes`)),
  );
  return [
    ...reordered.map((ch) => ({ path: `${ch}.writes ${ORDER_ONLY}`, expected: expected[ch].writes, actual: got[ch].writes })),
    ...rest,
  ];
}

/** What a tuple is, in one short object, for "expected a tuple, got none" lines. */
export function summary(tuple: CheckpointTuple): Record<string, unknown> {
  return { ...configIds(tuple.config), pendingWrites: tuple.pendingWrites?.length ?? 0 };
}

function tupleKey(tuple: CheckpointTuple): string {
  const ids = configIds(tuple.config)!;
  return JSON.stringify([ids.thread_id, ids.checkpoint_ns, ids.checkpoint_id]);
}

function groupKey(tuple: CheckpointTuple): string {
  const ids = configIds(tuple.config)!;
  return JSON.stringify([ids.thread_id, ids.checkpoint_ns]);
}

/** The differences between what list() must yield and what it yielded. */
export function diffList(expected: ListExpectation, actual: readonly CheckpointTuple[]): Difference[] {
  if (expected.ordered) {
    const ids = (ts: readonly CheckpointTuple[]) => ts.map((t) => configIds(t.config)!.checkpoint_id);
    const order = diffValues(ids(expected.tuples), ids(actual));
    // The whole lists (for the one-line answer and the clause), then where they differ (for the diff lines).
    if (order.length > 0)
      return [{ path: LISTED_IDS, expected: ids(expected.tuples), actual: ids(actual) }, ...prefixed(LISTED_IDS, order)];
    return expected.tuples.flatMap((t, i) => diffTuple(t, actual[i], `listed[${i}]`));
  }
  const out: Difference[] = [];
  if (actual.length !== expected.count) {
    out.push({ path: "number of listed tuples", expected: expected.count, actual: actual.length });
  }
  const byKey = new Map(expected.candidates.map((t) => [tupleKey(t), t]));
  const seen = new Set<string>();
  actual.forEach((tuple, i) => {
    const key = tupleKey(tuple);
    const candidate = byKey.get(key);
    if (seen.has(key)) out.push({ path: `listed[${i}]`, expected: "each checkpoint once", actual: `${key} again` });
    else if (!candidate) out.push({ path: `listed[${i}]`, expected: "only checkpoints that match", actual: summary(tuple) });
    else out.push(...diffTuple(candidate, tuple, `listed[${i}]`));
    seen.add(key);
  });
  // LS-04 within each (thread, namespace): what was yielded of it is its newest matches, newest first.
  const groups = new Map<string, string[]>();
  for (const t of expected.candidates) groups.set(groupKey(t), [...(groups.get(groupKey(t)) ?? []), tupleKey(t)]);
  for (const [group, keys] of groups) {
    const yielded = actual.map(tupleKey).filter((k) => keys.includes(k));
    const newest = keys.slice(0, yielded.length);
    if (!diffValues(newest, yielded).length) continue;
    const [thread, ns] = JSON.parse(group) as [unknown, unknown];
    const idOf = (key: string) => (JSON.parse(key) as unknown[])[2];
    out.push({
      path: `order within thread ${JSON.stringify(thread)}, namespace ${JSON.stringify(ns)} (checkpoint ids, newest first)`,
      expected: newest.map(idOf),
      actual: yielded.map(idOf),
    });
  }
  return out;
}

export function diffLines(all: readonly Difference[], max = 8): string[] {
  const diffs = all.filter((d) => d.path !== LISTED_IDS); // the whole lists: told by the answer line, their differences follow
  const lines = formatDiff(diffs.slice(0, max));
  if (diffs.length > max) lines.push(`- …and ${diffs.length - max} more`);
  return lines;
}
