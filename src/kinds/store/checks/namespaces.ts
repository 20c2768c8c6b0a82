import { expectDefined, expectEqual, expectLength, expectRejects } from "../../../assert.js";
import type { StoreSpecContext } from "../context.js";
import type { StoreCapabilitySpec, StoreSpecTest } from "./helpers.js";

/** put(namespace) must reject, and nothing may be stored under the test's root. */
async function expectPutRejected(ctx: StoreSpecContext, root: string[], namespace: unknown[], clause: string): Promise<void> {
  await expectRejects(() => ctx.store.put(namespace as string[], "k", { v: 1 }), clause);
  if (root.length === 0) return;
  const stored = await ctx.store.search(root, { limit: 10 });
  expectLength(stored, 0, `a rejected put must store nothing (search(${JSON.stringify(root)}) after it)`);
}

const tests: StoreSpecTest[] = [
  {
    name: "test_store_put_rejects_empty_namespace",
    ids: ["ST-10"],
    methods: ["IM-store-put-label-validation"],
    description: "put with an empty namespace [] throws",
    async run(ctx) {
      await expectPutRejected(ctx, [], [], "put([], key, value) must throw (a namespace needs at least one label)");
    },
  },
  {
    name: "test_store_put_rejects_dot_in_label",
    ids: ["ST-11"],
    methods: ["IM-store-put-label-validation"],
    description: 'put with a label containing "." throws and stores nothing',
    async run(ctx) {
      const root = ctx.namespace("dot");
      await expectPutRejected(ctx, root, [...root, "a.b"], 'put with the label "a.b" must throw (labels cannot contain ".")');
    },
  },
  {
    name: "test_store_put_rejects_empty_label",
    ids: ["ST-12"],
    methods: ["IM-store-put-label-validation"],
    description: 'put with an empty-string label ("") throws and stores nothing',
    async run(ctx) {
      const root = ctx.namespace("emptylabel");
      await expectPutRejected(ctx, root, [...root, ""], 'put with an empty label "" must throw');
      await expectPutRejected(ctx, root, [...root, "", "x"], 'put with an empty label "" in the middle must throw');
    },
  },
  {
    name: "test_store_put_rejects_non_string_label",
    ids: ["ST-13"],
    methods: ["IM-store-put-label-validation"],
    description: "put with a number, null or object label throws and stores nothing",
    async run(ctx) {
      const root = ctx.namespace("nonstring");
      for (const label of [1, null, { toString: () => "x" }]) {
        await expectPutRejected(ctx, root, [...root, label], `put with the non-string label ${String(label)} must throw`);
      }
    },
  },
  {
    name: "test_store_put_rejects_langgraph_root",
    ids: ["ST-14"],
    methods: ["IM-store-put-label-validation"],
    description: 'put with "langgraph" as the root label throws',
    async run(ctx) {
      await expectPutRejected(
        ctx,
        [],
        ["langgraph", ...ctx.namespace("reserved")],
        'put(["langgraph", ...]) must throw (the root label "langgraph" is reserved)',
      );
    },
  },
  {
    name: "test_store_put_allows_langgraph_below_root",
    ids: ["ST-14"],
    methods: ["IM-store-put-label-validation"],
    description: '"langgraph" in any position but the root is an ordinary label',
    async run(ctx) {
      const ns = [...ctx.namespace("reserved-inner"), "langgraph", "foo"];
      await ctx.store.put(ns, "k", { v: 1 });
      const item = await ctx.store.get(ns, "k");
      expectDefined(item, 'put([root, "langgraph", "foo"]) must store the item ("langgraph" is reserved only as the root)');
      expectEqual(item.value, { v: 1 }, "the item must read back as put");
    },
  },
  {
    name: "test_store_accepts_underscore_labels",
    ids: ["ST-16"],
    methods: ["IM-store-put-label-validation"],
    description: 'labels such as "user_123" (allowed by the base contract, used by LangGraph\'s own tests) are accepted',
    async run(ctx) {
      const ns = [...ctx.namespace("underscore"), "user_123", "memories"];
      await ctx.store.put(ns, "k", { v: 1 });
      const item = await ctx.store.get(ns, "k");
      expectEqual(item?.value, { v: 1 }, 'put/get under ["user_123", "memories"] must work like any other namespace');
    },
  },
  {
    name: "test_store_trailing_newline_label_is_distinct",
    ids: ["ST-41"],
    methods: ["IM-store-put-label-validation"],
    description: 'a label with a trailing "\\n" is its own label: ["a\\n"] and ["a"] hold different items',
    async run(ctx) {
      const root = ctx.namespace("newline");
      await ctx.store.put([...root, "a"], "k", { which: "plain" });
      await ctx.store.put([...root, "a\n"], "k", { which: "newline" });
      expectEqual(
        (await ctx.store.get([...root, "a"], "k"))?.value,
        { which: "plain" },
        'get([..., "a"]) must return the item put under "a"',
      );
      const withNewline = await ctx.store.get([...root, "a\n"], "k");
      expectEqual(withNewline?.value, { which: "newline" }, 'get([..., "a\\n"]) must return the item put under "a\\n"');
      expectEqual(withNewline?.namespace, [...root, "a\n"], "the namespace must keep the trailing newline");
    },
  },
];

export const NAMESPACES_SPEC: StoreCapabilitySpec = { capability: "namespaces", tests };
