import { readFileSync } from "node:fs";
import { InMemoryCache, JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CACHE_BEHAVIOURS,
  CACHE_CAPABILITIES,
  CACHE_SPECS,
  IN_MEMORY_CACHE_DEVIATIONS,
  detectCacheCapability,
  looksLikeCache,
} from "../../../src/kinds/cache/index.js";
import { ReferenceCache } from "./reference-cache.js";
import { runCacheSpec, type CacheTestResult } from "./run-cache-spec.js";

const specs = Object.values(CACHE_SPECS).filter((s) => s !== undefined);
const allTests = specs.flatMap((s) => s.tests.map((t) => ({ capability: s.capability, ...t })));
const failedNames = (results: CacheTestResult[]) =>
  results
    .filter((r) => r.status === "failed")
    .map((r) => r.name)
    .sort();
const declared = IN_MEMORY_CACHE_DEVIATIONS.flatMap((d) => d.tests ?? []).sort();

describe("the cache spec on InMemoryCache (@langchain/langgraph-checkpoint 1.2.2) and on the reference cache", () => {
  let memory: CacheTestResult[];
  let memoryMessages: Map<string, string>;
  let memoryProfile: Record<string, string>;

  beforeAll(async () => {
    ({ results: memory, profile: memoryProfile } = await runCacheSpec({
      name: "InMemoryCache",
      create: () => new InMemoryCache(),
      options: { ttl: true },
    }));
    memoryMessages = new Map(memory.map((r) => [r.name, r.message ?? ""]));
  }, 120_000);

  it("InMemoryCache runs every test and fails exactly its declared deviations", () => {
    expect(memory.filter((r) => r.status === "skipped")).toEqual([]);
    expect(failedNames(memory)).toEqual(declared);
  });

  it("each declared deviation fails for the reason it names", () => {
    expect(memoryMessages.get("test_cache_namespace_labels_with_separators")).toContain('actual:   "one label x,y"');
    expect(memoryMessages.get("test_cache_prototype_named_keys_absent")).toContain("Unknown serialization type: undefined");
    const roundtrip = memoryMessages.get("test_cache_prototype_named_keys_roundtrip") ?? "";
    expect(roundtrip).toContain('Object.prototype["proto-key-');
    expect(roundtrip).toContain("Object.prototype.constructor[");
  });

  it("leaves no entry on a built-in object after the prototype-named test", () => {
    const leftovers = Object.getOwnPropertyNames(Object.prototype).filter((k) => k.startsWith("proto-key-"));
    expect(leftovers).toEqual([]);
    expect(Object.getOwnPropertyNames(Object).filter((k) => k.startsWith("proto-key-"))).toEqual([]);
  });

  it("a correct cache (test/kinds/cache/reference-cache.ts) passes every test", async () => {
    const { results } = await runCacheSpec({ name: "reference", create: () => new ReferenceCache(), options: { ttl: true } });
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.name}: ${r.message}`)).toEqual([]);
  }, 120_000);

  it("TTL is checked by default (LangGraph passes CachePolicy.ttl to every cache's set()): InMemoryCache passes it undeclared", async () => {
    const { results } = await runCacheSpec({ name: "InMemoryCache", create: () => new InMemoryCache() }, ["ttl"]);
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.name}: ${r.message}`)).toEqual([]);
  }, 60_000);

  it("a registration that opts out (ttl: false) has its ttl tests skipped with the reason", async () => {
    const { results } = await runCacheSpec({ name: "InMemoryCache", create: () => new InMemoryCache(), options: { ttl: false } }, ["ttl"]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => "skipped"));
    expect(results[0].message).toContain("ttl: false");
  }, 60_000);

  it("the report's behaviour profile answers every question for InMemoryCache with what it measurably does", () => {
    const answers = memoryProfile;
    expect(Object.keys(answers)).toEqual(CACHE_BEHAVIOURS.map((b) => b.id));
    expect(answers["cache.date-values"]).toBe("its ISO string");
    expect(answers["cache.non-finite-numbers"]).toBe("an array: [null, null, 0]");
    expect(answers["cache.unencodable-value"]).toContain("unable to serialize");
    expect(answers["cache.hit-order"]).toBe("request order");
    expect(answers["cache.duplicate-keys"]).toBe("two entries (one per request)");
    expect(answers["cache.empty-namespace"]).toMatch(/^no: /);
    expect(answers["cache.fractional-ttl"]).toBe("expired on time");
    expect(answers["cache.zero-ttl"]).toBe("expired at once");
  });
});

/** A serde of a cache's own: the default serializer, but bytes come back as arrays of numbers (a JSON-based serde's choice). */
class BytesAsArraysSerde extends JsonPlusSerializer {
  override async loadsTyped(type: string, data: Uint8Array | string): Promise<unknown> {
    return bytesAsArrays(await super.loadsTyped(type, data));
  }
}

function bytesAsArrays(value: unknown): unknown {
  if (value instanceof Uint8Array) return Array.from(value);
  if (Array.isArray(value)) return value.map(bytesAsArrays);
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesAsArrays(v)]));
  }
  return value;
}

describe("a cache constructed with a serde of its own", () => {
  it("passes the tests that read bytes back: they expect what the cache's serde decodes, not the default serializer", async () => {
    const { results } = await runCacheSpec({ name: "buffers", create: () => new ReferenceCache(new BytesAsArraysSerde()) }, [
      "get_set",
      "serde",
    ]);
    const read = results.filter((r) => ["test_cache_task_writes_roundtrip", "test_cache_serde_type_kept"].includes(r.name));
    expect(read.map((r) => r.name).sort()).toEqual(["test_cache_serde_type_kept", "test_cache_task_writes_roundtrip"]);
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.name}: ${r.message}`)).toEqual([]);
  }, 120_000);
});

describe("the behaviour profile (implementation-defined, never pass or fail)", () => {
  it('tells caches apart where they differ (the reference keeps [] and [""] apart)', async () => {
    const { profile: answers } = await runCacheSpec({ name: "reference", create: () => new ReferenceCache() }, ["get_set"]);
    expect(answers["cache.empty-namespace"]).toBe("yes");
    expect(answers["cache.fractional-ttl"]).toBe("expired on time");
  }, 60_000);
});

describe("cache detection", () => {
  it("looksLikeCache accepts an object with get, set and clear methods only", () => {
    expect(looksLikeCache(new InMemoryCache())).toBe(true);
    expect(looksLikeCache({ get: () => 1, set: () => 1 })).toBe(false);
    expect(looksLikeCache(undefined)).toBe(false);
  });

  it("detects the base capabilities on the instance, and ttl unless the registration opts out", () => {
    const cache = new InMemoryCache();
    for (const { id, kind } of CACHE_CAPABILITIES) {
      if (kind === "base") expect(detectCacheCapability(cache, id).kind, id).toBe("detected");
    }
    expect(detectCacheCapability(cache, "ttl").kind).toBe("detected");
    expect(detectCacheCapability(cache, "ttl", { ttl: true }).kind).toBe("detected");
    expect(detectCacheCapability(cache, "ttl", { ttl: false }).kind).toBe("missing");
    expect(detectCacheCapability({ get: 1, set: () => 1 }, "get_set")).toMatchObject({ kind: "not-a-function" });
    expect(detectCacheCapability({ get() {}, set() {}, clear() {} }, "serde")).toMatchObject({ kind: "missing" });
  });
});

describe("the cache catalog (docs/caches.md) is the contract", () => {
  const doc = readFileSync(new URL("../../../docs/caches.md", import.meta.url), "utf8");
  const defined = new Set([...doc.matchAll(/^\| (CA-\d+) \|/gm)].map((m) => m[1]));
  const pythonOnly = new Set([...doc.matchAll(/^\| (CA-\d+) \| \(Python only\)/gm)].map((m) => m[1]));

  it("every clause is checked by a test, and every test names defined clauses", () => {
    const named = new Set(allTests.flatMap((t) => t.ids));
    expect([...defined].filter((id) => !pythonOnly.has(id) && !named.has(id as never))).toEqual([]);
    expect(allTests.flatMap((t) => t.ids.filter((id) => !defined.has(id)).map((id) => `${t.name}: ${id}`))).toEqual([]);
  });

  it("tests are named test_cache_*, uniquely, with one-line descriptions, and documented", () => {
    const names = allTests.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.filter((n) => !n.startsWith("test_cache_"))).toEqual([]);
    expect(allTests.filter((t) => t.description.includes("\n") || t.description.length > 140).map((t) => t.name)).toEqual([]);
    expect(names.filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
    expect(CACHE_BEHAVIOURS.map((b) => b.id).filter((id) => !doc.includes(`\`${id}\``))).toEqual([]);
  });
});
