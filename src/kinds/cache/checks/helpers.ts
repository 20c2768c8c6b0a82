import type { BaseCache, CacheFullKey } from "@langchain/langgraph-checkpoint";
import { ConformanceError, expectEqual, fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { throughReference, throughSerde } from "../../checkpointer/checks/value-checks.js";

/** One entry as `get` returns it. */
export interface CacheHit {
  key: CacheFullKey;
  value: unknown;
}

/** The key as one string, for comparing keys: labels are kept apart (JSON, not a join). */
export const keyId = (key: CacheFullKey): string => JSON.stringify(key);

export const describeKey = (key: CacheFullKey): string => `[${formatValue(key[0])}, ${formatValue(key[1])}]`;

/**
 * `value` as this cache should return it: through its own serde (a serde given
 * to its constructor may decode bytes or a Date its own way), or the default
 * serializer when it has none.
 */
export function throughCacheSerde(cache: BaseCache, value: unknown): Promise<unknown> {
  return cache.serde ? throughSerde(cache.serde, value) : throughReference(value);
}

/** `get` must resolve to an array; every entry a `{ key, value }`. */
export async function getHits(cache: BaseCache, keys: CacheFullKey[], what: string): Promise<CacheHit[]> {
  const result: unknown = await cache.get(keys);
  if (!Array.isArray(result)) fail(`${what}: get() must resolve to an array of { key, value } entries`, [`got ${formatValue(result)}`]);
  for (const entry of result) {
    if (entry === null || typeof entry !== "object" || !Array.isArray((entry as CacheHit).key)) {
      fail(`${what}: every entry get() returns must be a { key: [namespace, key], value } object`, [`got ${formatValue(entry)}`]);
    }
  }
  return result as CacheHit[];
}

/**
 * The hits of one `get` call must be exactly `expected` (any order): each
 * returned key equal to a requested one (the graph matches hits by key), none
 * twice, no entry for a miss, and each value as expected.
 */
export async function expectHits(
  cache: BaseCache,
  keys: CacheFullKey[],
  expected: readonly CacheHit[],
  clause: string,
): Promise<CacheHit[]> {
  const hits = await getHits(cache, keys, clause);
  const requested = new Set(keys.map(keyId));
  const wanted = new Map(expected.map((e) => [keyId(e.key), e]));
  const seen = new Set<string>();
  for (const hit of hits) {
    const id = keyId(hit.key);
    if (!requested.has(id))
      fail(`${clause}: get() returned an entry under a key that was not requested (the graph matches hits by their key)`, [
        `returned key ${describeKey(hit.key)}`,
        `requested ${keys.map(describeKey).join(", ")}`,
      ]);
    if (seen.has(id)) fail(`${clause}: get() returned the key ${describeKey(hit.key)} twice`);
    seen.add(id);
    const want = wanted.get(id);
    if (!want)
      fail(`${clause}: get() returned an entry for ${describeKey(hit.key)}, which holds nothing (a miss is left out)`, [
        `got value ${formatValue(hit.value)}`,
      ]);
    expectEqual(hit.value, want.value, `${clause}: the value under ${describeKey(hit.key)}`);
  }
  const missing = expected.filter((e) => !seen.has(keyId(e.key)));
  if (missing.length > 0) {
    throw new ConformanceError(`${clause}: get() left out ${missing.length} of ${expected.length} key(s) that hold a value`, {
      expected: expected.map((e) => describeKey(e.key)),
      actual: hits.map((h) => describeKey(h.key)),
      details: [`missing: ${missing.map((e) => describeKey(e.key)).join(", ")}`],
    });
  }
  return hits;
}

/** Sets the pairs in one call, then expects each back in one `get`. */
export async function setAndExpect(cache: BaseCache, pairs: readonly CacheHit[], clause: string): Promise<void> {
  await cache.set(pairs.map((p) => ({ key: p.key, value: p.value })));
  await expectHits(
    cache,
    pairs.map((p) => p.key),
    pairs,
    clause,
  );
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `get([key])` every 100 ms until it misses; resolves to the time it missed (ms since `from`), or undefined at `deadlineMs`. */
export async function waitUntilMissing(
  cache: BaseCache,
  key: CacheFullKey,
  from: number,
  deadlineMs: number,
  what: string,
): Promise<number | undefined> {
  for (;;) {
    const hits = await getHits(cache, [key], what);
    const elapsed = performance.now() - from;
    if (hits.length === 0) return elapsed;
    if (elapsed >= deadlineMs) return undefined;
    await sleep(100);
  }
}
