import { afterAll, describe, expect, it } from "vitest";
import type { BaseCache, BaseStore } from "@langchain/langgraph-checkpoint";
import { CACHE_BACKENDS, STORE_BACKENDS, checkSubjectBackends, pgliteStoreBackend, type StoreBackend } from "../../src/backends/index.js";
import { SharedResources } from "../../src/backends/shared-resources.js";

/** One run's servers, started when an entry first needs them (as the product matrix does). */
const shared = new SharedResources();
afterAll(() => shared.release(), 60_000);

async function leaseOf(backend: StoreBackend) {
  expect(await shared.prepare(backend)).toBeUndefined();
  return backend.create(shared.resources);
}

/** Puts under a namespace and reads back through get, search and batch: what the graph scenarios use. */
async function storeWorks(store: BaseStore, ns: string[]): Promise<void> {
  await store.put(ns, "k", { text: "apple pie", n: 1 });
  expect((await store.get(ns, "k"))?.value).toEqual({ text: "apple pie", n: 1 });
  expect((await store.search(ns)).map((i) => i.key)).toEqual(["k"]);
  const [got] = await store.batch([{ namespace: ns, key: "k" }]);
  expect((got as { value: unknown } | null)?.value).toEqual({ text: "apple pie", n: 1 });
}

describe("built-in store backends", () => {
  it.each(STORE_BACKENDS.map((b) => [b.id, b] as const))(
    "%s creates a working, fresh store and releases it",
    async (_, backend) => {
      expect(await backend.available()).toEqual({ ok: true });
      const first = await leaseOf(backend);
      await storeWorks(first.subject, ["docs", "one"]);
      if (backend.options.index) {
        await first.subject.put(["docs", "one"], "other", { text: "bicycle engine" });
        const ranked = await first.subject.search(["docs"], { query: "apple" });
        expect(ranked[0]?.key).toBe("k");
        expect(typeof ranked[0]?.score).toBe("number");
      }
      if (backend.options.ttl) {
        await backend.options.ttl.put(first.subject, ["docs", "ttl"], "t", { v: 1 }, 5);
        expect((await first.subject.get(["docs", "ttl"], "t"))?.value).toEqual({ v: 1 });
      }
      // Another store from the same entry sees none of the first one's items.
      const second = await leaseOf(backend);
      expect(await second.subject.search(["docs"])).toEqual([]);
      await first.release();
      await second.release();
      if (backend.uses) await expect(first.subject.get(["docs", "one"], "k")).rejects.toThrow();
    },
    240_000,
  );

  it("declares the extended capabilities each entry runs, and why the others are not applicable", () => {
    const declared = Object.fromEntries(
      STORE_BACKENDS.map((b) => [b.id, { ttl: b.options.ttl?.unit, index: b.options.index?.dims, notApplicable: b.notApplicable }]),
    );
    expect(declared).toEqual({
      memory: { ttl: undefined, index: 64, notApplicable: { ttl: "InMemoryStore has no TTL" } },
      postgres: {
        ttl: "minutes",
        index: undefined,
        notApplicable: { vector_search: expect.stringMatching(/^no pgvector in the embedded server/) },
      },
      pglite: { ttl: "minutes", index: 64, notApplicable: undefined },
    });
    expect(STORE_BACKENDS.find((b) => b.id === "postgres")!.knownDeviations.length).toBeGreaterThan(0);
  });

  it("runs the PGlite store only when asked for by id or with CONFORMANCE_PGLITE=1", async () => {
    const reasonIn = async (selection: string, env: NodeJS.ProcessEnv) =>
      (await checkSubjectBackends(STORE_BACKENDS, selection, env)).find((c) => c.backend === pgliteStoreBackend)?.availability;
    expect(await reasonIn("all", {})).toEqual({
      ok: false,
      reason: expect.stringMatching(/^opt-in: PGlite takes about a minute to start/),
    });
    expect(await reasonIn("all", { CONFORMANCE_PGLITE: "1" })).toEqual({ ok: true });
    expect(await reasonIn("memory,pglite", {})).toEqual({ ok: true });
    expect(await reasonIn("memory", {})).toBeUndefined();
    await expect(checkSubjectBackends(STORE_BACKENDS, "sqlite", {})).rejects.toThrow(
      /unknown backend "sqlite"; known: memory, postgres, pglite/,
    );
  });
});

describe("built-in cache backends", () => {
  it.each(CACHE_BACKENDS.map((b) => [b.id, b] as const))(
    "%s creates a working, fresh cache with its TTL in seconds",
    async (_, backend) => {
      const first = await backend.create();
      const second = await backend.create();
      const cache: BaseCache = first.subject;
      await cache.set([
        { key: [["n"], "k"], value: { x: 1 } },
        { key: [["n"], "short"], value: 2, ttl: 0.2 },
      ]);
      expect(await cache.get([[["n"], "k"]])).toEqual([{ key: [["n"], "k"], value: { x: 1 } }]);
      expect(await second.subject.get([[["n"], "k"]])).toEqual([]);
      expect(backend.options.ttl).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await cache.get([[["n"], "short"]])).toEqual([]);
      await first.release();
      await second.release();
    },
  );
});
