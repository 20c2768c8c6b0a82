import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresStore } from "@langchain/langgraph-checkpoint-postgres/store";
import { startPgliteServer, type PgliteServer } from "../../src/backends/pglite/server.js";

/**
 * Is PostgresStore's vector search reliable on PGlite + pgvector behind
 * pglite-socket? Four full rounds (start, setup, 20 puts, ranked search, batch
 * search, filter with query, stop), then concurrent use. The numbers are
 * printed for docs/backends.md ("PGlite + pgvector").
 */

const TOPICS = ["apple", "bicycle", "cloud", "dolphin", "engine", "forest", "guitar", "harbor"];
const DOCS = 20;
const DIMS = TOPICS.length + DOCS;
/** With maxConnections 1 every other round failed (docs/backends.md), so four rounds show it; the study in the docs ran ten. */
const ROUNDS = 4;

/** One dimension per topic word and one per `tagN` word: counts, L2-normalised. Deterministic, no model. */
function embedText(text: string): number[] {
  const vector = new Array<number>(DIMS).fill(0);
  for (const word of text.toLowerCase().split(/\s+/)) {
    const topic = TOPICS.indexOf(word);
    if (topic !== -1) vector[topic] += 1;
    const tag = /^tag(\d+)$/.exec(word);
    if (tag) vector[TOPICS.length + Number(tag[1])] += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((x) => x / norm);
}
const embed = async (texts: string[]) => texts.map(embedText);

/** Doc i: its topic word k times (k = 1 + floor(i / 8)) and a word of its own, so a topic query ranks k = 3, 2, 1. */
function doc(i: number) {
  const topic = TOPICS[i % TOPICS.length];
  const k = 1 + Math.floor(i / TOPICS.length);
  return { key: `doc-${i}`, value: { text: `${Array(k).fill(topic).join(" ")} tag${i}`, topic, k, i } };
}

/** The keys a topic query must rank first, nearest first (then come documents scoring 0, in any order). */
function expectedRanking(topic: string): string[] {
  return Array.from({ length: DOCS }, (_, i) => doc(i))
    .filter((d) => d.value.topic === topic)
    .sort((a, b) => b.value.k - a.value.k)
    .map((d) => d.key);
}

function expectRankedFirst(results: { key: string }[], topic: string): void {
  const expected = expectedRanking(topic);
  expect(results.slice(0, expected.length).map((r) => r.key)).toEqual(expected);
}

async function withStore<T>(server: PgliteServer, schema: string, run: (store: PostgresStore) => Promise<T>, poolMax = 1): Promise<T> {
  const store = new PostgresStore({
    connectionOptions: { connectionString: server.url, max: poolMax },
    schema,
    index: { dims: DIMS, embed, fields: ["text"] },
  });
  try {
    await store.setup();
    return await run(store);
  } finally {
    await store.stop();
  }
}

/** Setup, 20 puts, ranked search, batch search, filter with query: throws on the first wrong answer. */
async function oneRound(store: PostgresStore, ns: string[]): Promise<void> {
  for (let i = 0; i < DOCS; i++) await store.put(ns, doc(i).key, doc(i).value);
  const apples = await store.search(ns, { query: "apple", limit: 3 });
  expect(apples.map((r) => r.key)).toEqual(expectedRanking("apple"));
  expect(apples.every((r) => typeof r.score === "number")).toBe(true);
  expect(apples[0].score!).toBeGreaterThan(apples[2].score!);
  const [batchApples, batchDolphins] = await store.batch([
    { namespacePrefix: ns, query: "apple", limit: 3 },
    { namespacePrefix: ns, query: "dolphin", limit: 3 },
  ]);
  expect(batchApples.map((r) => r.key)).toEqual(apples.map((r) => r.key));
  expect(batchDolphins.map((r) => r.key)).toEqual(expectedRanking("dolphin"));
  const filtered = await store.search(ns, { query: "apple", filter: { k: { $lt: 3 } }, limit: 5 });
  expect(filtered.slice(0, 2).map((r) => r.key)).toEqual(expectedRanking("apple").slice(1));
  expect(filtered.every((r) => (r.value.k as number) < 3)).toBe(true);
  const exact = await store.search(ns, { query: "guitar", filter: { topic: "guitar", k: 2 } });
  expect(exact.map((r) => r.key)).toEqual(["doc-14"]);
}

const ms = (from: number) => Math.round(performance.now() - from);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Started once (maxConnections 4): PGlite's WebAssembly start is the slow part (seconds; tens of seconds on a loaded machine). */
let server: PgliteServer;

beforeAll(async () => {
  const t = performance.now();
  server = await startPgliteServer();
  console.log(`[pglite-vector] server start (PGlite + pgvector + socket): ${ms(t)} ms`);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe("PostgresStore with vector search on PGlite + pgvector (pglite-socket)", () => {
  it(`passes ${ROUNDS} full rounds in a row, each a new store and schema: setup, 20 puts, ranked, batch and filtered search, stop`, async () => {
    const timings: number[] = [];
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const t = performance.now();
      try {
        await withStore(server, `round_${round}`, (store) => oneRound(store, ["docs", `r${round}`]));
      } catch (error) {
        failures.push(`round ${round}: ${error instanceof Error ? error.message : String(error)}`);
      }
      timings.push(ms(t));
    }
    console.log(
      `[pglite-vector] ${ROUNDS} rounds, ${failures.length} failed; per round median ${median(timings)} ms, max ${Math.max(...timings)} ms`,
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it("serves 20 concurrent puts and 5 concurrent searches through one connection (pool max 1)", async () => {
    await withStore(server, "concurrent_one", async (store) => {
      const ns = ["docs", "concurrent"];
      const t = performance.now();
      await Promise.all(Array.from({ length: DOCS }, (_, i) => store.put(ns, doc(i).key, doc(i).value)));
      const results = await Promise.all(TOPICS.slice(0, 5).map((topic) => store.search(ns, { query: topic, limit: 3 })));
      console.log(`[pglite-vector] 20 concurrent puts + 5 concurrent searches on one connection: ${ms(t)} ms`);
      results.forEach((r, i) => expectRankedFirst(r, TOPICS[i]));
    });
  }, 120_000);

  it("serves a pool of 4 connections: concurrent puts and 5 × 8 concurrent searches rank correctly", async () => {
    await withStore(
      server,
      "concurrent_four",
      async (store) => {
        const ns = ["docs", "four"];
        const t = performance.now();
        await Promise.all(Array.from({ length: DOCS }, (_, i) => store.put(ns, doc(i).key, doc(i).value)));
        for (let rep = 0; rep < 5; rep++) {
          const results = await Promise.all(TOPICS.map((topic) => store.search(ns, { query: topic, limit: 3 })));
          results.forEach((r, i) => expectRankedFirst(r, TOPICS[i]));
        }
        console.log(`[pglite-vector] pool of 4 on maxConnections 4: 20 concurrent puts + 5 × 8 concurrent searches: ${ms(t)} ms`);
      },
      server.maxConnections,
    );
  }, 120_000);

  it("turns away connections beyond maxConnections: a larger pool fails", async () => {
    const error = await withStore(
      server,
      "too_many",
      async (store) => {
        const ns = ["docs", "too-many"];
        // Eight queries at once make the pool open eight connections; the server accepts four.
        await Promise.all(Array.from({ length: 8 }, (_, i) => store.put(ns, doc(i).key, doc(i).value)));
        return undefined;
      },
      2 * server.maxConnections,
    ).catch((e: unknown) => e);
    console.log(
      `[pglite-vector] pool of ${2 * server.maxConnections} on maxConnections ${server.maxConnections}: ${error instanceof Error ? `fails: ${error.message}` : "works"}`,
    );
    expect(error).toBeInstanceOf(Error);
  }, 120_000);
});
