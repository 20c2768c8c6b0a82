import { expectDefined, expectEqual, expectResolves, expectSame } from "../../../assert.js";
import { expectItems, expectNamespaces, type StoreCapabilitySpec, type StoreSpecTest } from "./helpers.js";

const tests: StoreSpecTest[] = [
  {
    name: "test_store_delete_removes_item",
    ids: ["ST-18"],
    description: "after delete, get returns null and search leaves the item out",
    async run(ctx) {
      const root = ctx.namespace("delete");
      await ctx.store.put(root, "gone", { v: 1 });
      await ctx.store.put(root, "kept", { v: 2 });
      await ctx.store.delete(root, "gone");
      expectSame(await ctx.store.get(root, "gone"), null, "get after delete must return null");
      expectItems(
        await ctx.store.search(root, { limit: 10 }),
        [[root, "kept"]],
        "search after delete must leave the deleted item out and keep the other",
      );
    },
  },
  {
    name: "test_store_delete_only_that_item",
    ids: ["ST-18", "ST-08"],
    description: "delete removes one (namespace, key): the same key elsewhere and other keys stay",
    async run(ctx) {
      const root = ctx.namespace("delete-one");
      await ctx.store.put([...root, "a"], "k", { v: "a" });
      await ctx.store.put([...root, "b"], "k", { v: "b" });
      await ctx.store.put([...root, "a", "c"], "k", { v: "ac" });
      await ctx.store.put([...root, "a"], "other", { v: "other" });
      await ctx.store.delete([...root, "a"], "k");
      expectSame(await ctx.store.get([...root, "a"], "k"), null, "get of the deleted item must return null");
      expectEqual(
        (await ctx.store.get([...root, "b"], "k"))?.value,
        { v: "b" },
        "get of the same key in a sibling namespace must still return its item",
      );
      expectEqual(
        (await ctx.store.get([...root, "a", "c"], "k"))?.value,
        { v: "ac" },
        "get of the same key in a child namespace must still return its item",
      );
      expectEqual(
        (await ctx.store.get([...root, "a"], "other"))?.value,
        { v: "other" },
        "get of another key in the same namespace must still return its item",
      );
    },
  },
  {
    name: "test_store_delete_absent_is_noop",
    ids: ["ST-18"],
    description: "deleting an absent key, or in a namespace never written, resolves and changes nothing",
    async run(ctx) {
      const root = ctx.namespace("delete-absent");
      await ctx.store.put(root, "k", { v: 1 });
      await expectResolves(() => ctx.store.delete(root, "absent"), "delete of an absent key must resolve (a no-op)");
      await expectResolves(() => ctx.store.delete([...root, "never"], "k"), "delete in a namespace never written must resolve (a no-op)");
      expectEqual(
        (await ctx.store.get(root, "k"))?.value,
        { v: 1 },
        "after deleting absent keys, get must return the existing item unchanged",
      );
    },
  },
  {
    name: "test_store_put_after_delete",
    ids: ["ST-18", "ST-03"],
    description: "a key deleted and put again holds the new value only",
    async run(ctx) {
      const root = ctx.namespace("redelete");
      await ctx.store.put(root, "k", { old: true, v: 1 });
      await ctx.store.delete(root, "k");
      await ctx.store.put(root, "k", { v: 2 });
      const item = await ctx.store.get(root, "k");
      expectDefined(item, "get of a key put again after delete must find it");
      expectEqual(item.value, { v: 2 }, "get of the key put again must return the new value only");
      expectItems(await ctx.store.search(root, { limit: 10 }), [[root, "k"]], "search must return the key put again once");
    },
  },
  {
    name: "test_store_delete_leaves_no_namespace",
    ids: ["ST-19"],
    methods: ["IM-store-delete-leaves-namespace"],
    description: "deletes do not create or leave namespaces: deleting the last item unlists its namespace",
    advisory: true,
    advisoryReason:
      "ST-19 is advisory: JS InMemoryStore (1.2.2) lists a namespace after its last item is deleted, and creates one on a delete in a namespace never written (Python: langgraph#8734)",
    requires: ["list_namespaces"],
    async run(ctx) {
      const root = ctx.namespace("ghost");
      await ctx.store.put([...root, "kept"], "k", { v: 1 });
      await ctx.store.put([...root, "emptied"], "k", { v: 1 });
      await ctx.store.delete([...root, "emptied"], "k");
      await ctx.store.delete([...root, "never"], "k");
      expectNamespaces(
        await ctx.store.listNamespaces({ prefix: root }),
        [[...root, "kept"]],
        "listNamespaces must list only namespaces that still hold an item",
      );
    },
  },
];

export const DELETE_SPEC: StoreCapabilitySpec = { capability: "delete", tests };
