import type { CapabilitySpecOf, SpecTestOf } from "../../checkpointer/checks/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";
import { expectHits, setAndExpect, type CacheHit } from "./helpers.js";

type CacheTest = SpecTestOf<CacheSpecContext, CacheCapability>;

const entry = (ns: string[], value: string): CacheHit => ({ key: [ns, "k"], value });

export const clearTests: CacheTest[] = [
  {
    name: "test_cache_clear_nothing_there",
    ids: ["CA-01"],
    description: "clear of namespaces that hold nothing resolves and leaves other entries",
    async run(ctx) {
      const kept = entry(ctx.namespace("kept"), "kept");
      await setAndExpect(ctx.cache, [kept], "an entry before clearing empty namespaces");
      await ctx.cache.clear([ctx.namespace("never-written"), ctx.namespace("never-written", "child")]);
      await expectHits(ctx.cache, [kept.key], [kept], "an entry after clear() of namespaces that held nothing");
    },
  },
  {
    name: "test_cache_clear_namespace_exact",
    ids: ["CA-07"],
    methods: ["IM-cache-clear-prefix"],
    description: "clear([ns]) removes ns only: its child, its parent and a label sharing its prefix stay; ns takes new values",
    async run(ctx) {
      const root = ctx.namespace("exact");
      const target = entry([...root, "p"], "p");
      const others = [
        entry([...root, "p", "q"], "child p/q"),
        entry(root, "parent"),
        entry([...root, "p2"], "sibling p2"),
        entry([...root, "p"].slice(1), "same labels without the root"),
      ];
      await setAndExpect(ctx.cache, [target, ...others], "entries before clear([ns])");
      await ctx.cache.clear([target.key[0]]);
      await expectHits(
        ctx.cache,
        [target.key, ...others.map((o) => o.key)],
        others,
        "after clear([ns]): ns is empty and every other namespace keeps its entry (JS InMemoryCache matches namespaces exactly)",
      );
      const again = { key: target.key, value: "set after clear" };
      await setAndExpect(ctx.cache, [again], "a namespace set again after it was cleared");
    },
  },
  {
    name: "test_cache_clear_several_namespaces",
    ids: ["CA-07"],
    description: "clear([a, b]) removes both namespaces and keeps a third",
    async run(ctx) {
      const root = ctx.namespace("several");
      const [a, b, c] = ["a", "b", "c"].map((label) => entry([...root, label], label));
      await setAndExpect(ctx.cache, [a, b, c], "entries before clear([a, b])");
      await ctx.cache.clear([a.key[0], b.key[0]]);
      await expectHits(ctx.cache, [a.key, b.key, c.key], [c], "after clear([a, b]): a and b are empty, c keeps its entry");
    },
  },
  {
    name: "test_cache_clear_all",
    ids: ["CA-08"],
    methods: ["IM-cache-clear-prefix"],
    description: "clear([]) (what graph.clearCache() calls) removes every namespace; the cache takes new values after",
    async run(ctx) {
      const cache = await ctx.freshSubject();
      const root = ctx.namespace("all");
      const entries = [entry(root, "root"), entry([...root, "child"], "child"), entry(ctx.namespace("another"), "another")];
      await setAndExpect(cache, entries, "entries before clear([])");
      await cache.clear([]);
      await expectHits(
        cache,
        entries.map((e) => e.key),
        [],
        "after clear([]): every namespace is empty (JS clears all on []; Python's clear([]) clears nothing)",
      );
      await setAndExpect(cache, [entries[0]], "an entry set after clear([])");
    },
  },
];

export const clearSpec: CapabilitySpecOf<CacheSpecContext, CacheCapability> = { capability: "clear", tests: clearTests };
