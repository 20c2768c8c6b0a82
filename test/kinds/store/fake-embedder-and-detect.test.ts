import { BaseStore, InMemoryStore } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { detectStoreCapability, embedText, fakeEmbeddings, looksLikeStore } from "../../../src/kinds/store/index.js";

const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

describe("fakeEmbeddings", () => {
  it("is deterministic, of the requested size and of length 1", async () => {
    const embedder = fakeEmbeddings(32);
    const [a, b] = await embedder.embedDocuments(["Apple banana", "apple BANANA!"]);
    expect(a).toHaveLength(32);
    expect(a).toEqual(b); // words, lower-cased, punctuation ignored
    expect(await embedder.embedQuery("Apple banana")).toEqual(a);
    expect(Math.hypot(...a!)).toBeCloseTo(1, 10);
    expect(Math.hypot(...embedText("", 32))).toBe(1);
  });

  it("scores texts that share words higher", () => {
    const q = embedText("apple banana cherry", 64);
    expect(cosine(q, embedText("apple banana split", 64))).toBeGreaterThan(cosine(q, embedText("car engine wheel", 64)));
    expect(cosine(q, embedText("apple banana cherry", 64))).toBeCloseTo(1, 10);
  });

  it("plugs into InMemoryStore's index and ranks by it", async () => {
    const store = new InMemoryStore({ index: { dims: 64, embeddings: fakeEmbeddings(64) } });
    await store.put(["docs"], "fruit", { text: "apple banana" }, ["text"]);
    await store.put(["docs"], "car", { text: "car engine" }, ["text"]);
    expect((await store.search(["docs"], { query: "banana apple" })).map((i) => i.key)).toEqual(["fruit", "car"]);
  });

  it("refuses a useless size", () => {
    expect(() => fakeEmbeddings(1)).toThrow(/dims must be an integer >= 2/);
  });
});

describe("store detection", () => {
  it("recognises a store by its methods", () => {
    expect(looksLikeStore(new InMemoryStore())).toBe(true);
    expect(looksLikeStore({ batch: () => undefined })).toBe(false);
    expect(looksLikeStore(null)).toBe(false);
  });

  it("detects the base capabilities of InMemoryStore, and the extended ones only when declared", () => {
    const store = new InMemoryStore();
    for (const cap of ["put_get", "namespaces", "delete", "search", "list_namespaces", "batch"] as const)
      expect(detectStoreCapability(store, cap).kind).toBe("detected");
    expect(detectStoreCapability(store, "ttl")).toEqual({ kind: "missing", reason: "not declared: pass ttl/index in storeTest options" });
    expect(detectStoreCapability(store, "vector_search", { index: { dims: 8, embed: fakeEmbeddings(8) } }).kind).toBe("detected");
  });

  it("a store without batch (BaseStore's is abstract) has no base capability", () => {
    class NoBatch extends (BaseStore as unknown as new () => object) {}
    expect(detectStoreCapability(new NoBatch(), "put_get")).toEqual({ kind: "missing", reason: "the store has no batch() method" });
    expect(detectStoreCapability({ batch: async () => [], search: 1 }, "search").kind).toBe("not-a-function");
  });
});
