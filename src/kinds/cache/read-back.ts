import { randomUUID } from "node:crypto";
import type { BaseCache, CacheFullKey } from "@langchain/langgraph-checkpoint";
import { diffValues } from "../../format.js";
import type { ReadBack } from "../../report/types.js";
import { readsRight } from "../store/read-back.js";

/**
 * The cache's read-back round trip, on a fresh cache. A cache has one reader,
 * get(), so the round trip reads it two ways: one key at a time (the plainest
 * read: wrong there, what set() stored is wrong) and several keys with a key
 * never set among them in one call (right one at a time but wrong together,
 * get() reads wrong). What is set: two pairs in one call, one of them over an
 * earlier value, a value with text beyond Latin-1 and a nested list, and the same key
 * in another namespace.
 */
export async function cacheRoundTrip(cache: BaseCache): Promise<ReadBack> {
  const namespace = ["probe-read-back", randomUUID()];
  const a: CacheFullKey = [namespace, "a"];
  const b: CacheFullKey = [namespace, "b"];
  const values = new Map<CacheFullKey, unknown>([
    [a, { text: "é ✓ 𝄞", none: null, nested: { list: [1, "x"] } }],
    [b, { n: 2 }],
  ]);
  await cache.set([{ key: a, value: { old: true } }]);
  await cache.set([...values].map(([key, value]) => ({ key, value })));
  await cache.set([{ key: [[...namespace, "other"], "a"], value: { other: true } }]);
  const one = await readsRight(async () => {
    for (const [key, value] of values) if (!sameEntries(await cache.get([key]), [[key, value]])) return false;
    return true;
  });
  const several = await readsRight(async () => sameEntries(await cache.get([a, [namespace, "never-set"], b]), [...values]));
  // Wrong one key at a time is set()'s whatever get() of several answers: both readers wrong.
  return { checkpoint: { get: one && several, getOneKey: one }, writes: {} };
}

function sameEntries(entries: readonly { key: CacheFullKey; value: unknown }[], expected: readonly [CacheFullKey, unknown][]): boolean {
  // In key order: get() need not answer in the order asked.
  const shown = (list: readonly [CacheFullKey, unknown][]) =>
    list.map(([key, value]) => ({ key, value })).sort((x, y) => JSON.stringify(x.key).localeCompare(JSON.stringify(y.key)));
  return Array.isArray(entries) && diffValues(shown(expected), shown(entries.map((e) => [e?.key, e?.value])), { max: 1 }).length === 0;
}
