import type { SearchItem } from "@langchain/langgraph-checkpoint";
import { ConformanceError, expectDefined, expectEqual, expectTrue } from "../../../assert.js";
import type { StoreEmbedder, StoreSpecContext } from "../context.js";
import { allPages, expectItems, idSet, expectNoRepeats, type StoreCapabilitySpec, type StoreSpecTest } from "./helpers.js";

/** Texts are embedded through the per-put `index: ["text"]`, so the text embedded is exactly `value.text` on any store. */
const TEXT_FIELD = ["text"];

async function putTexts(
  ctx: StoreSpecContext,
  ns: string[],
  docs: Record<string, string>,
  extra: Record<string, Record<string, unknown>> = {},
): Promise<void> {
  for (const [key, text] of Object.entries(docs)) await ctx.store.put(ns, key, { text, ...extra[key] }, TEXT_FIELD);
}

async function embedAll(embed: StoreEmbedder, texts: string[]): Promise<number[][]> {
  return typeof embed === "function" ? embed(texts) : embed.embedDocuments(texts);
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * (b[i] ?? 0);
    na += a[i]! ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** The keys of `docs` ranked by the declared embedder's cosine similarity to `query`, best first. */
async function expectedRanking(ctx: StoreSpecContext, query: string, docs: Record<string, string>): Promise<string[]> {
  const index = ctx.options.index;
  expectDefined(index, "the vector_search capability needs options.index (the store's dims and embedder)");
  const keys = Object.keys(docs);
  const [q, ...vectors] = await embedAll(index.embed, [query, ...keys.map((k) => docs[k]!)]);
  const scored = keys.map((k, i) => [k, cosine(q!, vectors[i]!)] as const);
  return scored.sort((a, b) => b[1] - a[1]).map(([k]) => k);
}

function expectRankedScores(results: SearchItem[], clause: string): void {
  const scores = results.map((r) => r.score);
  const bad = scores.findIndex((s, i) => typeof s !== "number" || Number.isNaN(s) || (i > 0 && s > (scores[i - 1] as number) + 1e-9));
  if (bad !== -1) throw new ConformanceError(clause, { expected: "numeric scores in descending order", actual: scores });
}

const DOCS = {
  fruit: "apple banana cherry",
  pie: "apple pie recipe",
  car: "car engine wheel brake",
  sea: "ocean wave surf sand",
};

const tests: StoreSpecTest[] = [
  {
    name: "test_store_vector_query_ranks_by_similarity",
    ids: ["ST-54", "ST-61"],
    description: "a query search returns items with numeric scores, best first, in the order the embedder implies",
    async run(ctx) {
      const root = ctx.namespace("vec-rank");
      await putTexts(ctx, root, DOCS);
      const results = await ctx.store.search(root, { query: DOCS.fruit, limit: 10 });
      expectRankedScores(results, "query search results must carry numeric scores, highest first");
      expectEqual(
        results.map((r) => r.key),
        await expectedRanking(ctx, DOCS.fruit, DOCS),
        "items must be ranked by similarity to the query (the item whose text is the query first)",
      );
    },
  },
  {
    name: "test_store_vector_item_listed_once",
    ids: ["ST-54", "ST-55"],
    methods: ["IM-store-vector-index"],
    description: "an item with several embedded fields appears once in a query search (its best field counts)",
    async run(ctx) {
      const root = ctx.namespace("vec-once");
      await ctx.store.put(root, "multi", { title: "apple banana", body: "apple cherry", other: "car" }, ["title", "body"]);
      await putTexts(ctx, root, { plain: "ocean wave" });
      const results = await ctx.store.search(root, { query: "apple banana", limit: 10 });
      expectEqual(
        results.map((r) => r.key),
        ["multi", "plain"],
        "each item must appear once, the item with the matching field first",
      );
    },
  },
  {
    name: "test_store_vector_update_reembeds",
    ids: ["ST-57"],
    methods: ["IM-store-vector-index"],
    description: "after an item's text changes, a query for the old text no longer ranks it first",
    async run(ctx) {
      const root = ctx.namespace("vec-update");
      await putTexts(ctx, root, { a: "apple banana cherry", b: "apple banana split dessert" });
      const before = await ctx.store.search(root, { query: "apple banana cherry", limit: 10 });
      expectEqual(before[0]?.key, "a", "before the update, the item whose text is the query must rank first");
      await putTexts(ctx, root, { a: "quantum physics lecture" });
      const after = await ctx.store.search(root, { query: "apple banana cherry", limit: 10 });
      expectEqual(
        after.map((r) => r.key),
        ["b", "a"],
        "after the update, the item must be ranked by its new text (below the other)",
      );
      const scoreOf = (rs: SearchItem[]) => rs.find((r) => r.key === "a")?.score ?? Number.NaN;
      expectTrue(scoreOf(after) < scoreOf(before), "the updated item's score for the old text must drop", [
        `before ${scoreOf(before)}, after ${scoreOf(after)}`,
      ]);
    },
  },
  {
    name: "test_store_vector_filter_applies_before_ranking",
    ids: ["ST-58"],
    methods: ["IM-store-vector-index"],
    description: "a filter with a query keeps only matching items, ranked among themselves",
    async run(ctx) {
      const root = ctx.namespace("vec-filter");
      await putTexts(ctx, root, DOCS, { fruit: { kind: "food" }, pie: { kind: "recipe" }, car: { kind: "recipe" }, sea: { kind: "food" } });
      const results = await ctx.store.search(root, { query: DOCS.fruit, filter: { kind: "recipe" }, limit: 1 });
      expectEqual(
        results.map((r) => r.key),
        ["pie"],
        "the best match among the filtered items must be returned (the filter applies before ranking and the limit)",
      );
    },
  },
  {
    name: "test_store_vector_pages_are_disjoint",
    ids: ["ST-58", "ST-29"],
    description: "pages of a query search are disjoint and together return every item",
    async run(ctx) {
      const root = ctx.namespace("vec-pages");
      const docs = { ...DOCS, tree: "oak pine maple", bird: "robin sparrow" };
      await putTexts(ctx, root, docs);
      const pages = await allPages((offset) => ctx.store.search(root, { query: "apple wave", limit: 2, offset }), 2, 5);
      const all = pages.flat();
      expectNoRepeats(idSet(all), "no item may appear on two pages of a query search");
      expectItems(
        all,
        Object.keys(docs).map((k) => [root, k] as const),
        "the pages together must return every item",
      );
    },
  },
  {
    name: "test_store_vector_edge_queries",
    ids: ["ST-59"],
    description: "an empty, a very long, a punctuation-only and a non-ASCII query all return results",
    async run(ctx) {
      const root = ctx.namespace("vec-edge");
      await putTexts(ctx, root, { ...DOCS, intl: "café 用户 наука" });
      for (const query of ["", "apple ".repeat(2_000), "?!... ;;", "café 用户 наука"]) {
        const results = await ctx.store.search(root, { query, limit: 10 });
        expectTrue(Array.isArray(results) && results.length > 0, `the query ${JSON.stringify(query.slice(0, 30))} must return results`, [
          `got ${JSON.stringify(results?.length)}`,
        ]);
      }
    },
  },
  {
    name: "test_store_vector_delete_removes_vectors",
    ids: ["ST-60"],
    methods: ["IM-store-vector-index"],
    description: "after delete, an item put again without indexing is not scored by its old vectors",
    async run(ctx) {
      const root = ctx.namespace("vec-delete");
      await putTexts(ctx, root, { a: "apple banana cherry", b: "ocean wave" });
      await ctx.store.delete(root, "a");
      await ctx.store.put(root, "a", { text: "apple banana cherry" }, false);
      const results = await ctx.store.search(root, { query: "apple banana cherry", limit: 10 });
      const again = results.find((r) => r.key === "a");
      if (again !== undefined && typeof again.score === "number") {
        throw new ConformanceError("a deleted item's vectors must be removed: put again with index false, it must not be scored", {
          expected: "absent, or score undefined",
          actual: again.score,
        });
      }
    },
  },
];

export const VECTOR_SEARCH_SPEC: StoreCapabilitySpec = { capability: "vector_search", tests };
