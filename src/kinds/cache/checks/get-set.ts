import type { BaseCache, CacheFullKey } from "@langchain/langgraph-checkpoint";
import { expectEqual, expectLength, expectSame, expectTrue, fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { checkMessages } from "../../checkpointer/checks/serialization.js";
import type { CapabilitySpecOf, SpecTestOf } from "../../checkpointer/checks/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";
import { DATE, JSON_WRITES, TYPED_WRITES } from "./fixtures.js";
import { expectHits, getHits, throughCacheSerde, type CacheHit } from "./helpers.js";

type CacheTest = SpecTestOf<CacheSpecContext, CacheCapability>;

/** The single value under `key`: exactly one entry. */
async function getOne(cache: BaseCache, key: CacheFullKey, clause: string): Promise<unknown> {
  const hits = await getHits(cache, [key], clause);
  expectLength(hits, 1, `${clause}: get([key]) of a key that holds a value must return exactly one entry`);
  expectEqual(hits[0].key, key, `${clause}: the entry's key must equal the requested key (the graph matches hits by key)`);
  return hits[0].value;
}

/** A Date must keep its instant: a Date of the same time, or its ISO string (what the default serializer returns). */
function expectDateKept(actual: unknown, where: string): void {
  const iso = DATE.toISOString();
  if (actual instanceof Date && actual.getTime() === DATE.getTime()) return;
  if (actual === iso) return;
  fail(`${where}: a Date must come back as a Date of the same instant or as its ISO string ${JSON.stringify(iso)}`, [
    `got ${formatValue(actual)}`,
  ]);
}

export const getSetTests: CacheTest[] = [
  {
    name: "test_cache_get_empty_list",
    ids: ["CA-01"],
    description: "get([]) resolves to [] and set([]) resolves, storing nothing",
    async run(ctx) {
      expectEqual(await getHits(ctx.cache, [], "get([])"), [], "get([]) must resolve to []");
      await ctx.cache.set([]);
      expectEqual(await getHits(ctx.cache, [], "get([]) after set([])"), [], "get([]) after set([]) must still resolve to []");
    },
  },
  {
    name: "test_cache_get_absent_keys_left_out",
    ids: ["CA-03"],
    methods: ["IM-cache-get-misses"],
    description: "a key never set, alone or among others, has no entry in get's result (no null entries)",
    async run(ctx) {
      const ns = ctx.namespace("absent");
      await expectHits(ctx.cache, [[ns, "never-set"]], [], "a key in a namespace never written");
      await ctx.cache.set([{ key: [ns, "present"], value: ["v", 1] }]);
      await expectHits(
        ctx.cache,
        [
          [ns, "missing-1"],
          [ns, "missing-2"],
          [ctx.namespace("other"), "present"],
        ],
        [],
        "keys never set next to one that is (same key, other namespace)",
      );
    },
  },
  {
    name: "test_cache_set_get_roundtrip",
    ids: ["CA-02"],
    description: "task writes of plain JSON (nested objects, strings, numbers, null) read back equal, under the requested key",
    async run(ctx) {
      const key: CacheFullKey = [ctx.namespace("roundtrip", "node"), "a1b2c3d4e5f60718"];
      const writes = JSON_WRITES();
      await ctx.cache.set([{ key, value: writes }]);
      const value = await getOne(ctx.cache, key, "set then get of one key");
      expectEqual(value, writes, "the value get() returns must equal the task writes set");
    },
  },
  {
    name: "test_cache_task_writes_roundtrip",
    ids: ["CA-02", "CA-09"],
    methods: ["IM-cache-serde"],
    description: "task writes holding messages, a Map, a Set, bytes, undefined and a Date read back as the cache's serde returns them",
    async run(ctx) {
      const key: CacheFullKey = [ctx.namespace("typed", "node"), "typed-writes"];
      const writes = [...TYPED_WRITES(), ["at", DATE]];
      await ctx.cache.set([{ key, value: writes }]);
      const value = await getOne(ctx.cache, key, "set then get of typed task writes");
      if (!Array.isArray(value) || value.length !== writes.length) {
        fail(`the cached writes must come back as an array of ${writes.length} [channel, value] tuples`, [`got ${formatValue(value)}`]);
      }
      const expected = (await throughCacheSerde(ctx.cache, TYPED_WRITES())) as unknown[];
      expected.forEach((write, i) =>
        expectEqual(
          value[i],
          write,
          `write ${i} (${formatValue(writes[i][0])}) must come back as cache.serde returns it (dumpsTyped, then loadsTyped)`,
        ),
      );
      checkMessages((value[0] as unknown[])[1], "the cached messages write");
      const undefinedWrite = value[4] as unknown[];
      expectTrue(
        Array.isArray(undefinedWrite) && undefinedWrite.length === 2,
        "a write whose value is undefined must stay a [channel, value] pair",
        [`got ${formatValue(undefinedWrite)}`],
      );
      expectSame(
        undefinedWrite[1],
        undefined,
        "a write whose value is undefined must come back undefined (not null: the channel would get null)",
      );
      expectDateKept((value[writes.length - 1] as unknown[])[1], "the cached Date write");
    },
  },
  {
    name: "test_cache_get_many_keys",
    ids: ["CA-02", "CA-03"],
    methods: ["IM-cache-get-misses"],
    description: "six pairs set in one call come back from one get of eight keys: six hits, no entry for the two misses",
    async run(ctx) {
      const ns = ctx.namespace("many");
      const pairs: CacheHit[] = Array.from({ length: 6 }, (_, i) => ({
        key: [i % 2 === 0 ? ns : [...ns, "child"], `key-${i}`],
        value: [[`channel-${i}`, { i }]],
      }));
      await ctx.cache.set(pairs);
      const keys: CacheFullKey[] = [
        pairs[0].key,
        [ns, "miss-a"],
        ...pairs.slice(1, 4).map((p) => p.key),
        [ns, "miss-b"],
        ...pairs.slice(4).map((p) => p.key),
      ];
      await expectHits(ctx.cache, keys, pairs, "one get of six hits and two misses");
    },
  },
  {
    name: "test_cache_overwrite_replaces_value",
    ids: ["CA-05"],
    description: "setting a key again replaces its whole value (no merge, one entry)",
    async run(ctx) {
      const key: CacheFullKey = [ctx.namespace("overwrite"), "k"];
      await ctx.cache.set([{ key, value: { a: 1, b: [1, 2], keep: "old" } }]);
      await ctx.cache.set([{ key, value: { a: 2, b: [3] } }]);
      expectEqual(await getOne(ctx.cache, key, "get after a second set"), { a: 2, b: [3] }, "a second set must replace the whole value");
    },
  },
  {
    name: "test_cache_values_not_aliased",
    ids: ["CA-13"],
    methods: ["IM-cache-references"],
    description: "changing the value after set, or a value get returned, does not change what the cache returns",
    async run(ctx) {
      const key: CacheFullKey = [ctx.namespace("alias"), "k"];
      const original = [["items", { list: [1, 2], name: "before" }]];
      const value = structuredClone(original);
      await ctx.cache.set([{ key, value }]);
      (value[0][1] as { name: string }).name = "changed after set";
      (value[0][1] as { list: number[] }).list.push(99);
      const first = (await getOne(ctx.cache, key, "get after the set value was changed")) as typeof original;
      expectEqual(
        first,
        original,
        "the cache must keep the value as it was when set (a later change to the caller's object must not reach it)",
      );
      (first[0][1] as { name: string }).name = "changed after get";
      first.push(["extra", {}] as never);
      expectEqual(
        await getOne(ctx.cache, key, "get after a returned value was changed"),
        original,
        "changing a value get() returned must not change the cached value",
      );
    },
  },
  {
    name: "test_cache_concurrent_set_get",
    ids: ["CA-12"],
    methods: ["IM-cache-concurrent-set"],
    description: "20 concurrent sets with gets in between lose no key; 10 concurrent sets of one key leave one of their values",
    async run(ctx) {
      const ns = ctx.namespace("concurrent");
      const pairs: CacheHit[] = Array.from({ length: 20 }, (_, i) => ({ key: [ns, `k${i}`], value: [[`c${i}`, i]] }));
      const byKey = new Map(pairs.map((p) => [p.key[1], p.value]));
      const reads = await Promise.all(
        pairs.flatMap((p, i) => [
          ctx.cache.set([p]).then(() => undefined),
          getHits(ctx.cache, [pairs[(i * 7) % pairs.length].key], "a get during concurrent sets"),
        ]),
      );
      for (const hits of reads) {
        for (const hit of hits ?? [])
          expectEqual(hit.value, byKey.get(hit.key[1]), `a get during concurrent sets returned a wrong value for ${hit.key[1]}`);
      }
      await expectHits(
        ctx.cache,
        pairs.map((p) => p.key),
        pairs,
        "after 20 concurrent sets",
      );
      const same: CacheFullKey = [ns, "contended"];
      await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.cache.set([{ key: same, value: { writer: i } }])));
      const last = await getOne(ctx.cache, same, "after 10 concurrent sets of one key");
      const writer = (last as { writer?: unknown } | null)?.writer;
      expectTrue(
        typeof writer === "number" && writer >= 0 && writer < 10 && Object.keys(last as object).length === 1,
        "after concurrent sets of one key, its value must be one of the values set",
        [`got ${formatValue(last)}`],
      );
    },
  },
];

export const getSetSpec: CapabilitySpecOf<CacheSpecContext, CacheCapability> = { capability: "get_set", tests: getSetTests };
