import { expectDefined, expectEqual, expectSame } from "../../../assert.js";
import type { StoreSpecContext } from "../context.js";
import { expectItems, expectNamespaces, pause, type StoreCapabilitySpec, type StoreSpecTest } from "./helpers.js";

const SHORT_TTL_MS = 1_500;
/** Past the short TTL, with room for clock granularity. */
const EXPIRY_WAIT_MS = 2_600;

/** Puts with a TTL of `ms`, converted to the unit the registration declared. */
function putWithTtl(ctx: StoreSpecContext, ns: string[], key: string, value: Record<string, unknown>, ms: number): Promise<void> {
  const ttl = ctx.options.ttl;
  expectDefined(ttl, "the ttl capability needs options.ttl (how to put with a TTL)");
  return ttl.put(ctx.store, ns, key, value, ttl.unit === "minutes" ? ms / 60_000 : ms / 1_000);
}

const tests: StoreSpecTest[] = [
  {
    name: "test_store_ttl_item_readable_before_expiry",
    ids: ["ST-49", "ST-48"],
    methods: ["IM-store-ttl-units"],
    description: "an item put with a 10-minute TTL is read by get and search like any other",
    async run(ctx) {
      const root = ctx.namespace("ttl-live");
      await putWithTtl(ctx, root, "k", { v: 1 }, 10 * 60_000);
      expectEqual((await ctx.store.get(root, "k"))?.value, { v: 1 }, "get must return an item whose TTL has not passed");
      expectItems(await ctx.store.search(root, { limit: 10 }), [[root, "k"]], "search must return an item whose TTL has not passed");
    },
  },
  {
    name: "test_store_ttl_expired_item_not_read",
    ids: ["ST-49"],
    methods: ["IM-store-ttl-units"],
    description: "after its TTL passes, an item is returned by neither get nor search; items without a TTL stay",
    async run(ctx) {
      const root = ctx.namespace("ttl-expired");
      await putWithTtl(ctx, root, "expiring", { v: 1 }, SHORT_TTL_MS);
      await ctx.store.put(root, "forever", { v: 2 });
      await pause(EXPIRY_WAIT_MS);
      expectSame(await ctx.store.get(root, "expiring"), null, `get must return null once the item's TTL (${SHORT_TTL_MS} ms) has passed`);
      expectItems(
        await ctx.store.search(root, { limit: 10 }),
        [[root, "forever"]],
        "search must leave out an expired item and keep items without a TTL",
      );
    },
  },
  {
    name: "test_store_ttl_expired_namespace_not_listed",
    ids: ["ST-50"],
    methods: ["IM-store-ttl-units"],
    description: "listNamespaces leaves out a namespace whose only items have expired",
    requires: ["list_namespaces"],
    async run(ctx) {
      const root = ctx.namespace("ttl-list");
      await putWithTtl(ctx, [...root, "expiring"], "k", { v: 1 }, SHORT_TTL_MS);
      await ctx.store.put([...root, "kept"], "k", { v: 2 });
      await pause(EXPIRY_WAIT_MS);
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: root }),
        [[...root, "kept"]],
        "a namespace holding only expired items must not be listed",
      );
    },
  },
];

export const TTL_SPEC: StoreCapabilitySpec = { capability: "ttl", tests };
