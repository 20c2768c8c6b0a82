import type { CacheFullKey } from "@langchain/langgraph-checkpoint";
import { fail } from "../../../assert.js";
import type { CapabilitySpecOf, SpecTestOf } from "../../checkpointer/checks/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";
import { expectHits, setAndExpect, type CacheHit } from "./helpers.js";

type CacheTest = SpecTestOf<CacheSpecContext, CacheCapability>;

/** Names every plain object inherits: a cache keeping entries in a plain object with `in` finds them without a set. */
const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

/**
 * Where a cache that keeps entries in plain objects writes an entry under a
 * prototype-named label: onto Object.prototype (label `__proto__`), or onto the
 * inherited member itself (`Object` for `constructor`, the `toString`
 * function...). Each is shared by every object (and every other cache) in the process.
 */
function builtinsReachedBy(label: string): { where: string; target: object }[] {
  const targets = [{ where: "Object.prototype", target: Object.prototype }];
  const member = (Object.prototype as unknown as Record<string, unknown>)[label];
  if (label !== "__proto__" && (typeof member === "function" || (typeof member === "object" && member !== null))) {
    targets.push({ where: `Object.prototype.${label}`, target: member });
  }
  return targets;
}

/** Removes `key` from every built-in it was written onto; returns where it was. */
function removeFromBuiltins(labels: readonly string[], key: string): string[] {
  const found: string[] = [];
  for (const label of labels) {
    for (const { where, target } of builtinsReachedBy(label)) {
      if (Object.hasOwn(target, key)) {
        delete (target as Record<string, unknown>)[key];
        found.push(`${where}[${JSON.stringify(key)}] (namespace [${JSON.stringify(label)}])`);
      }
    }
  }
  return [...new Set(found)];
}

export const namespaceTests: CacheTest[] = [
  {
    name: "test_cache_namespaces_isolate_keys",
    ids: ["CA-04"],
    description: "one key under two namespaces, a child namespace and a parent is four entries; another namespace misses",
    async run(ctx) {
      const root = ctx.namespace("iso");
      const pairs: CacheHit[] = [
        { key: [[...root, "ns1"], "k"], value: "ns1" },
        { key: [[...root, "ns2"], "k"], value: "ns2" },
        { key: [[...root, "ns1", "child"], "k"], value: "ns1/child" },
        { key: [root, "k"], value: "root" },
      ];
      await setAndExpect(ctx.cache, pairs, "the same key under four namespaces");
      await expectHits(
        ctx.cache,
        [
          [[...root, "ns3"], "k"],
          [[...root, "ns2", "child"], "k"],
          [[...root.slice(0, -1), "k"], "k"],
        ],
        [],
        "the same key under namespaces never written",
      );
    },
  },
  {
    name: "test_cache_namespace_labels_with_separators",
    ids: ["CA-04"],
    methods: ["IM-cache-key-concatenation"],
    description: "labels holding , . : | / and keys holding them never collide with the labels they would join into",
    async run(ctx) {
      const root = ctx.uniqueId("sep");
      const pairs: CacheHit[] = [{ key: [[root, "x", "y"], "k"], value: "labels x and y" }];
      for (const sep of [",", ".", ":", "|", "/"]) {
        pairs.push({ key: [[root, `x${sep}y`], "k"], value: `one label x${sep}y` });
        pairs.push({ key: [[root, "x"], `y${sep}k`], value: `label x, key y${sep}k` });
      }
      await setAndExpect(ctx.cache, pairs, "namespaces whose labels or keys hold a separator (node names may hold any character)");
    },
  },
  {
    name: "test_cache_prototype_named_keys_absent",
    ids: ["CA-10"],
    methods: ["IM-cache-plain-object-map"],
    description: "keys and namespaces named __proto__, constructor, toString... that were never set are misses",
    async run(ctx) {
      const ns = ctx.namespace("proto-absent");
      const present: CacheHit = { key: [ns, "present"], value: "the namespace holds this key only" };
      await ctx.cache.set([present]);
      const keys: CacheFullKey[] = [
        ...PROTOTYPE_NAMES.map((name): CacheFullKey => [ns, name]),
        ...PROTOTYPE_NAMES.map((name): CacheFullKey => [[name], "name"]),
        [["constructor"], "prototype"],
      ];
      await expectHits(
        ctx.cache,
        [...keys, present.key],
        [present],
        "keys (in a namespace holding another key) and namespaces named like Object.prototype members, never set",
      );
    },
  },
  {
    name: "test_cache_prototype_named_keys_roundtrip",
    ids: ["CA-10"],
    methods: ["IM-cache-plain-object-map"],
    description: "values set under keys and namespaces named __proto__, constructor, toString... read back and stay in the cache",
    async run(ctx) {
      const ns = ctx.namespace("proto");
      const unique = ctx.uniqueId("proto-key");
      const pairs: CacheHit[] = [
        ...PROTOTYPE_NAMES.map((name): CacheHit => ({ key: [ns, name], value: `key ${name}` })),
        ...PROTOTYPE_NAMES.map((name): CacheHit => ({ key: [[name], unique], value: `namespace ${name}` })),
      ];
      try {
        await setAndExpect(ctx.cache, pairs, "keys and namespaces named like Object.prototype members");
      } finally {
        const polluted = removeFromBuiltins(PROTOTYPE_NAMES, unique);
        if (ctx.has("clear")) await ctx.cache.clear(PROTOTYPE_NAMES.map((name) => [name]));
        if (polluted.length > 0) {
          fail(
            "set() under a prototype-named namespace wrote the entry onto a built-in object shared by the whole process (every other cache instance sees it; clear() does not remove it)",
            [`found (and removed) ${polluted.join(", ")}`],
          );
        }
      }
    },
  },
];

export const namespacesSpec: CapabilitySpecOf<CacheSpecContext, CacheCapability> = { capability: "namespaces", tests: namespaceTests };
