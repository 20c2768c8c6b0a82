import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { formatValue } from "../../format.js";
import { NOT_APPLICABLE, type KindBehaviour } from "../types.js";
import type { CacheSpecContext } from "./context.js";
import { DATE } from "./checks/fixtures.js";
import { getHits, sleep } from "./checks/helpers.js";

/** A cache's implementation-defined question: asked of every cache, compared across caches. @public */
export type CacheBehaviour = KindBehaviour<CacheSpecContext>;

/** Sets `value` under a fresh key and describes what get returns for it. */
async function roundTrip(ctx: CacheSpecContext, value: unknown): Promise<string> {
  const key: CacheFullKey = [ctx.namespace("behaviour"), "value"];
  try {
    await ctx.cache.set([{ key, value }]);
  } catch (error) {
    return `set() rejects (${errorLine(error)})`;
  }
  const hits = await getHits(ctx.cache, [key], "a behaviour probe");
  return hits.length === 0 ? "set() resolves but get() misses the key" : describe(hits[0].value);
}

function describe(value: unknown): string {
  if (value instanceof Date) return `a Date (${formatValue(value)})`;
  return `${typeof value === "string" ? "a string" : Array.isArray(value) ? "an array" : value === null ? "null" : typeof value}: ${formatValue(value)}`;
}

const errorLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0];

/** Polls `key` until it misses, up to `deadlineMs`; the time it took, or undefined. */
async function expiresWithin(ctx: CacheSpecContext, ttl: number, deadlineMs: number): Promise<string> {
  const key: CacheFullKey = [ctx.namespace("behaviour-ttl"), "k"];
  const started = performance.now();
  try {
    await ctx.cache.set([{ key, value: "v", ttl }]);
  } catch (error) {
    return `set() rejects (${errorLine(error)})`;
  }
  for (;;) {
    const elapsed = Math.round(performance.now() - started);
    if ((await getHits(ctx.cache, [key], "a behaviour probe")).length === 0) return expiryAnswer(elapsed, ttl * 1000);
    if (elapsed >= deadlineMs) return `still there after ${deadlineMs} ms`;
    await sleep(50);
  }
}

/**
 * When the entry was gone, in words that do not change from run to run (the
 * matrix compares answers across backends): on time means within the
 * probe's polling slack after the TTL.
 */
function expiryAnswer(elapsedMs: number, ttlMs: number): string {
  const about = `about ${Math.max(100, Math.round(elapsedMs / 100) * 100)} ms`;
  if (elapsedMs < 50) return "expired at once";
  if (elapsedMs < ttlMs - 50) return `expired early (${about})`;
  if (elapsedMs <= ttlMs + 400) return "expired on time";
  return `expired late (${about})`;
}

const NOT_APPLICABLE_NO_TTL = `${NOT_APPLICABLE} (the registration opts out: ttl: false)`;

/** The cache's implementation-defined behaviours (docs/caches.md, "Behaviour profile"). @public */
export const CACHE_BEHAVIOURS: readonly CacheBehaviour[] = [
  {
    id: "cache.date-values",
    question: "What does a Date value come back as? (the default serializer returns its ISO string)",
    async probe(ctx) {
      const answer = await roundTrip(ctx, [DATE]);
      if (answer.endsWith(`: ${formatValue([DATE.toISOString()])}`)) return "its ISO string";
      if (answer.endsWith(`: ${formatValue([DATE])}`)) return "a Date of the same instant";
      return answer;
    },
  },
  {
    id: "cache.non-finite-numbers",
    question: "What do NaN, Infinity and -0 come back as?",
    probe: (ctx) => roundTrip(ctx, [Number.NaN, Number.POSITIVE_INFINITY, -0]),
  },
  {
    id: "cache.unencodable-value",
    question: "What do set and get do with a value JSON cannot encode (a BigInt)?",
    probe: (ctx) => roundTrip(ctx, { big: 10n }),
  },
  {
    id: "cache.hit-order",
    question: "In what order does a get of several keys return its hits? (the graph does not rely on it)",
    async probe(ctx) {
      const ns = ctx.namespace("behaviour-order");
      const keys: CacheFullKey[] = ["c", "a", "d", "b"].map((k) => [ns, k]);
      await ctx.cache.set([...keys].reverse().map((key) => ({ key, value: key[1] })));
      const order = (await getHits(ctx.cache, keys, "a behaviour probe")).map((h) => h.key[1]).join("");
      return order === "cadb" ? "request order" : `not request order: requested c,a,d,b, got ${order.split("").join(",")}`;
    },
  },
  {
    id: "cache.duplicate-keys",
    question: "What does a get that requests the same key twice return?",
    async probe(ctx) {
      const key: CacheFullKey = [ctx.namespace("behaviour-dup"), "k"];
      await ctx.cache.set([{ key, value: 1 }]);
      const n = (await getHits(ctx.cache, [key, key], "a behaviour probe")).length;
      return n === 2 ? "two entries (one per request)" : n === 1 ? "one entry" : `${n} entries`;
    },
  },
  {
    id: "cache.empty-namespace",
    question: 'Are the namespaces [] and [""] two namespaces?',
    async probe(ctx) {
      const key = ctx.uniqueId("behaviour-empty-ns");
      try {
        await ctx.cache.set([
          { key: [[], key], value: "[]" },
          { key: [[""], key], value: '[""]' },
        ]);
      } catch (error) {
        return `set() rejects (${errorLine(error)})`;
      }
      const hits = await getHits(
        ctx.cache,
        [
          [[], key],
          [[""], key],
        ],
        "a behaviour probe",
      );
      const values = hits.map((h) => h.value);
      if (ctx.has("clear")) await ctx.cache.clear([[], [""]]).catch(() => undefined);
      return values.length === 2 && values[0] === "[]" && values[1] === '[""]' ? "yes" : `no: get returns ${formatValue(values)}`;
    },
  },
  {
    id: "cache.fractional-ttl",
    question: "Is a fractional TTL honoured? (ttl: 0.3 seconds)",
    probe: (ctx) => (ctx.has("ttl") ? expiresWithin(ctx, 0.3, 1_500) : Promise.resolve(NOT_APPLICABLE_NO_TTL)),
  },
  {
    id: "cache.zero-ttl",
    question: "What does ttl: 0 do?",
    probe: (ctx) => (ctx.has("ttl") ? expiresWithin(ctx, 0, 1_500) : Promise.resolve(NOT_APPLICABLE_NO_TTL)),
  },
];
