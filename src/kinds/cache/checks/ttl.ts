import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { expectEqual, fail } from "../../../assert.js";
import type { CapabilitySpecOf, SpecTestOf } from "../../checkpointer/checks/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";
import { expectHits, getHits, waitUntilMissing, type CacheHit } from "./helpers.js";

type CacheTest = SpecTestOf<CacheSpecContext, CacheCapability>;

/** A 1 s TTL must have expired by then (polled every 100 ms): bounded, and far from a TTL read as minutes. */
const EXPIRY_DEADLINE_MS = 3_000;
/** A 1 s entry gone before this (since before its set) was not kept for a second. */
const EARLIEST_EXPIRY_MS = 900;
/** Presence right after set is only judged when set and get took less than this (a 1 s TTL could really be over). */
const FRESH_WITHIN_MS = 700;

/** Sets a 1 s entry with `others`, checks all are there, then waits until the 1 s entry is gone (not before 0.9 s, by 3 s). */
async function setAndOutlive(ctx: CacheSpecContext, others: readonly (CacheHit & { ttl?: number })[], what: string): Promise<void> {
  const expiring: CacheFullKey = [ctx.namespace("ttl"), "one-second"];
  const started = performance.now();
  await ctx.cache.set([{ key: expiring, value: "expires", ttl: 1 }, ...others]);
  const hits = await getHits(ctx.cache, [expiring, ...others.map((o) => o.key)], what);
  if (performance.now() - started < FRESH_WITHIN_MS && !hits.some((h) => h.key[1] === expiring[1])) {
    fail("an entry set with ttl: 1 must still be there right after set (the TTL is in seconds, not milliseconds)", [
      `get ${Math.round(performance.now() - started)} ms after set missed it`,
    ]);
  }
  await expectHits(
    ctx.cache,
    others.map((o) => o.key),
    others,
    `${what}, right after set`,
  );
  const gone = await waitUntilMissing(ctx.cache, expiring, started, EXPIRY_DEADLINE_MS, "polling an entry with ttl: 1");
  if (gone === undefined) {
    fail(
      `an entry set with ttl: 1 must expire after 1 second; it was still there after ${EXPIRY_DEADLINE_MS / 1000} s (a TTL read as minutes, or ignored?)`,
    );
  }
  if (gone < EARLIEST_EXPIRY_MS)
    fail(`an entry set with ttl: 1 must last about a second (the TTL is in seconds); it was gone after ${Math.round(gone)} ms`);
}

export const ttlTests: CacheTest[] = [
  {
    name: "test_cache_ttl_expires_after_seconds",
    ids: ["CA-06", "CA-03"],
    methods: ["IM-cache-ttl-units"],
    description: "an entry with ttl: 1 is there at once and gone (left out of get) within 3 s; one with ttl: 30 stays",
    async run(ctx) {
      const long: CacheHit & { ttl: number } = { key: [ctx.namespace("ttl-long"), "thirty-seconds"], value: "stays", ttl: 30 };
      await setAndOutlive(ctx, [long], "entries with ttl 1 and ttl 30");
      await expectHits(ctx.cache, [long.key], [long], "an entry with ttl: 30 once a ttl: 1 entry has expired");
    },
  },
  {
    name: "test_cache_without_ttl_outlives_ttl",
    ids: ["CA-06"],
    methods: ["IM-cache-ttl-units"],
    description: "entries set without a ttl (absent or undefined) outlive one set with ttl: 1",
    async run(ctx) {
      const ns = ctx.namespace("no-ttl");
      const absent: CacheHit = { key: [ns, "no-ttl"], value: "no ttl" };
      const undef: CacheHit & { ttl: undefined } = { key: [ns, "ttl-undefined"], value: "ttl undefined", ttl: undefined };
      await setAndOutlive(ctx, [absent, undef], "entries without a ttl next to one with ttl 1");
      await expectHits(ctx.cache, [absent.key, undef.key], [absent, undef], "entries without a ttl, once a ttl: 1 entry has expired");
    },
  },
  {
    name: "test_cache_overwrite_resets_ttl",
    ids: ["CA-05", "CA-06"],
    methods: ["IM-cache-ttl-units"],
    description: "setting a key again replaces its ttl: a 1 s entry set again with ttl 30, or without one, stays",
    async run(ctx) {
      const ns = ctx.namespace("reset");
      const longer: CacheFullKey = [ns, "then-thirty"];
      const forever: CacheFullKey = [ns, "then-none"];
      await ctx.cache.set([
        { key: longer, value: "first", ttl: 1 },
        { key: forever, value: "first", ttl: 1 },
      ]);
      const again: (CacheHit & { ttl?: number })[] = [
        { key: longer, value: "second", ttl: 30 },
        { key: forever, value: "second" },
      ];
      await setAndOutlive(ctx, again, "keys set with ttl 1, then again with ttl 30 and with none");
      const hits = await getHits(ctx.cache, [longer, forever], "keys set again with a longer ttl");
      expectEqual(
        hits.map((h) => h.key[1]).sort(),
        [longer[1], forever[1]].sort(),
        "a key set again must take the new entry's ttl (30 s, or none), not keep the first one's 1 s",
      );
    },
  },
];

export const ttlSpec: CapabilitySpecOf<CacheSpecContext, CacheCapability> = { capability: "ttl", tests: ttlTests };
