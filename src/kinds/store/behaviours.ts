import type { Item, SearchItem } from "@langchain/langgraph-checkpoint";
import { NOT_APPLICABLE, type KindBehaviour } from "../types.js";
import type { StoreSpecContext } from "./context.js";
import { pause, putAll, thrownBy } from "./checks/helpers.js";

/** A store's implementation-defined question (catalog: "backend-specific" or "implementation-defined"). @public */
export type StoreBehaviour = KindBehaviour<StoreSpecContext>;

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return `${error.name === "Error" ? "Error" : error.name}: ${error.message.split("\n")[0]!.slice(0, 80)}`;
}

/** "accepts" or "rejects (Error: ...)". */
async function acceptance(run: () => Promise<unknown>): Promise<string> {
  const error = await thrownBy(run);
  return error === undefined ? "accepts" : `rejects (${describeError(error)})`;
}

async function keysMatching(ctx: StoreSpecContext, root: string[], filter: Record<string, unknown>): Promise<string> {
  const error = await thrownBy(() => ctx.store.search(root, { filter }));
  if (error !== undefined) return `throws (${describeError(error)})`;
  const found = await ctx.store.search(root, { filter, limit: 10 });
  return found.length
    ? `matches ${found
        .map((i) => i.key)
        .sort()
        .join(", ")}`
    : "matches nothing";
}

export const STORE_BEHAVIOURS: readonly StoreBehaviour[] = [
  {
    id: "ST-05",
    question: "After an overwrite, does createdAt keep its first value?",
    async probe(ctx) {
      const ns = ctx.namespace("created");
      await ctx.store.put(ns, "k", { v: 1 });
      const first = (await ctx.store.get(ns, "k"))?.createdAt.getTime(); // a number now: a store may hand out its live item (ST-07)
      await pause(20);
      await ctx.store.put(ns, "k", { v: 2 });
      const second = await ctx.store.get(ns, "k");
      if (first === undefined || !second) return "the item could not be read back";
      return first === second.createdAt.getTime() ? "keeps the first createdAt" : "resets createdAt on overwrite";
    },
  },
  {
    id: "ST-09",
    question: 'Is the empty string "" accepted as a key?',
    async probe(ctx) {
      const ns = ctx.namespace("empty-key");
      const put = await acceptance(() => ctx.store.put(ns, "", { v: 1 }));
      if (put !== "accepts") return put;
      const item = await ctx.store.get(ns, "");
      return item ? "accepts, and reads it back" : "accepts the put, but get returns null";
    },
  },
  {
    id: "ST-15",
    question: 'Does a raw batch() put accept the reserved root ["langgraph", ...] that put() rejects?',
    probe: async (ctx) =>
      acceptance(() => ctx.store.batch([{ namespace: ["langgraph", ...ctx.namespace("raw")], key: "k", value: { v: 1 } }])),
  },
  {
    id: "ST-16",
    question: "Which label characters beyond the base rules (no '.', non-empty, strings) does put reject, and with what error?",
    async probe(ctx) {
      const root = ctx.namespace("labels");
      const rejected: string[] = [];
      let errorName = "";
      for (const label of ["a_b", "a%b", "a\\b", "a:b", "a\u0000b", "a*b", "a b", "a/b", "a-b"]) {
        const error = await thrownBy(() => ctx.store.put([...root, label], "k", { v: 1 }));
        if (error === undefined) continue;
        rejected.push(JSON.stringify(label));
        errorName ||= error instanceof Error ? error.name : typeof error;
      }
      return rejected.length ? `rejects ${rejected.join(", ")} (${errorName})` : "rejects none of _ % \\ : NUL * space / -";
    },
  },
  {
    id: "ST-17",
    question: 'Do get, search and delete accept the reserved root ["langgraph", ...]?',
    async probe(ctx) {
      const ns = ["langgraph", ...ctx.namespace("read-reserved")];
      const parts = [
        `get ${await acceptance(() => ctx.store.get(ns, "k"))}`,
        `search ${await acceptance(() => ctx.store.search(ns))}`,
        `delete ${await acceptance(() => ctx.store.delete(ns, "k"))}`,
      ];
      return parts.join("; ");
    },
  },
  {
    id: "ST-26",
    question: "Does $ne match items that lack the field?",
    async probe(ctx) {
      const root = ctx.namespace("ne");
      await putAll(ctx.store, [
        [root, "has", { f: "x" }],
        [root, "other", { f: "y" }],
        [root, "lacks", { g: 1 }],
      ]);
      return keysMatching(ctx, root, { f: { $ne: "x" } });
    },
  },
  {
    id: "ST-27",
    question: "Which operators beyond $eq/$ne/$gt/$gte/$lt/$lte work ($in, $nin, $exists), and what does an unknown one do?",
    async probe(ctx) {
      const root = ctx.namespace("ext-ops");
      await putAll(ctx.store, [
        [root, "a", { f: 1 }],
        [root, "b", { f: 2 }],
        [root, "c", { g: 3 }],
      ]);
      const answers = [];
      for (const [name, filter] of [
        ["$in [1]", { f: { $in: [1] } }],
        ["$nin [1]", { f: { $nin: [1] } }],
        ["$exists true", { f: { $exists: true } }],
        ["$bogus", { f: { $bogus: 1 } }],
      ] as const)
        answers.push(`${name}: ${await keysMatching(ctx, root, filter)}`);
      return answers.join("; ");
    },
  },
  {
    id: "ST-28",
    question: "Does a nested filter match: an object value {o: {p: 1}}, and a dotted key {'o.p': 1}?",
    async probe(ctx) {
      const root = ctx.namespace("nested");
      await putAll(ctx.store, [
        [root, "nested", { o: { p: 1, q: 2 } }],
        [root, "other", { o: { p: 2 } }],
      ]);
      return `object value: ${await keysMatching(ctx, root, { o: { p: 1 } })}; dotted key: ${await keysMatching(ctx, root, { "o.p": 1 })}`;
    },
  },
  {
    id: "ST-30",
    question: "In what order does search() return items without a query, and does batch() agree?",
    async probe(ctx) {
      const root = ctx.namespace("order");
      for (const key of ["first", "second", "third"]) {
        await ctx.store.put(root, key, { key });
        await pause(5);
      }
      await ctx.store.put(root, "first", { key: "first", touched: true });
      const viaSearch = (await ctx.store.search(root)).map((i) => i.key);
      const [viaBatch] = (await ctx.store.batch([{ namespacePrefix: root, limit: 10, offset: 0 }])) as [Item[]];
      const name = (keys: string[]) => {
        const s = keys.join(",");
        if (s === "first,second,third") return "insertion order";
        if (s === "first,third,second") return "updatedAt descending";
        if (s === "third,second,first") return "createdAt descending";
        return `other (${s})`;
      };
      const a = name(viaSearch);
      const b = name(viaBatch.map((i) => i.key));
      return a === b ? a : `search(): ${a}; batch(): ${b}`;
    },
  },
  {
    id: "ST-32",
    question: "What does a query do on a store without an index (a word no item contains)?",
    async probe(ctx) {
      if (ctx.options.index) return `${NOT_APPLICABLE} (the store has an index)`;
      const root = ctx.namespace("query-no-index");
      await ctx.store.put(root, "k", { text: "hello" });
      const error = await thrownBy(() => ctx.store.search(root, { query: "zebra" }));
      if (error !== undefined) return `throws (${describeError(error)})`;
      const found = await ctx.store.search(root, { query: "zebra" });
      return found.length ? "ignores the query (returns the filter result)" : "filters by the query text (returns nothing)";
    },
  },
  {
    id: "ST-40",
    question: "How does listNamespaces sort labels of mixed case and punctuation?",
    async probe(ctx) {
      const store = await ctx.freshStore();
      for (const ns of [["a"], ["a-b"], ["a", "b"], ["B"]]) await store.put(ns, "k", { v: 1 });
      return (await store.listNamespaces({})).map((ns) => JSON.stringify(ns)).join(" ");
    },
  },
  {
    id: "ST-44",
    question: "Does a get in a batch see a put earlier in the same batch?",
    async probe(ctx) {
      const ns = ctx.namespace("ryw");
      const [, read] = (await ctx.store.batch([
        { namespace: ns, key: "k", value: { v: 1 } },
        { namespace: ns, key: "k" },
      ])) as [unknown, Item | null];
      return read ? "reads its own writes (ops run in order)" : "reads before the batch's puts (sees the old value)";
    },
  },
  {
    id: "ST-45",
    question: "When a batch rejects on an invalid op, do its earlier puts stay applied?",
    async probe(ctx) {
      const root = ctx.namespace("atomic");
      await thrownBy(() =>
        ctx.store.batch([
          { namespace: [...root, "ok"], key: "k", value: { v: 1 } },
          { namespace: [...root, "bad.label"], key: "k", value: { v: 1 } },
        ]),
      );
      return (await ctx.store.get([...root, "ok"], "k"))
        ? "earlier puts stay applied (no transaction)"
        : "nothing applied (validated or rolled back)";
    },
  },
  {
    id: "ST-51",
    question: "Does a get refresh an item's TTL (as configured when the store was built)?",
    async probe(ctx) {
      const ttl = ctx.options.ttl;
      if (!ttl) return `${NOT_APPLICABLE} (no ttl declared)`;
      const ns = ctx.namespace("refresh");
      const ms = 1_500;
      await ttl.put(ctx.store, ns, "k", { v: 1 }, ttl.unit === "minutes" ? ms / 60_000 : ms / 1_000);
      await pause(1_000);
      if (!(await ctx.store.get(ns, "k"))) return "the item expired before its TTL";
      await pause(1_000); // past the first TTL, within a refreshed one
      return (await ctx.store.get(ns, "k")) ? "a get refreshes the TTL" : "a get does not refresh the TTL";
    },
  },
  {
    id: "ST-56",
    question: "In a query search, are items without vectors returned (after the scored ones) or left out?",
    async probe(ctx) {
      if (!ctx.options.index) return `${NOT_APPLICABLE} (no index declared)`;
      const root = ctx.namespace("no-vectors");
      await ctx.store.put(root, "indexed", { text: "apple" }, ["text"]);
      await ctx.store.put(root, "unindexed", { text: "apple" }, false);
      const found = (await ctx.store.search(root, { query: "apple", limit: 10 })) as SearchItem[];
      const unindexed = found.find((i) => i.key === "unindexed");
      return unindexed ? `returned, score ${String(unindexed.score)}` : "left out";
    },
  },
];
