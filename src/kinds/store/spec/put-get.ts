import { expectDefined, expectEqual, expectSame, expectTrue } from "../../../assert.js";
import type { CapabilitySpecOf } from "../../../spec/types.js";
import type { StoreCapability } from "../capabilities.js";
import type { StoreSpecContext } from "../context.js";

/** put and get (catalog A.1). */
export const putGetSpec: CapabilitySpecOf<StoreSpecContext, StoreCapability> = {
  capability: "put_get",
  tests: [
    {
      name: "test_put_get_roundtrip",
      ids: ["ST-01"],
      description: "get after put returns the item: its namespace, key and value, and Date timestamps",
      async run({ store, namespace }) {
        const ns = namespace();
        const value = { text: "hello", nested: { n: 1, list: [true, null] } };
        await store.put(ns, "k", value);
        const item = await store.get(ns, "k");
        expectDefined(item, "get() right after put() returns the item");
        expectEqual(item.value, value, "get() returns the value put");
        expectEqual([...item.namespace], ns, "get() returns the item's namespace as an array");
        expectSame(item.key, "k", "get() returns the item's key");
        expectTrue(item.createdAt instanceof Date && item.updatedAt instanceof Date, "createdAt and updatedAt are Dates");
      },
    },
    {
      name: "test_get_absent_returns_null",
      ids: ["ST-02"],
      description: "get of an absent key, or in a namespace never written, returns null",
      async run({ store, namespace }) {
        const ns = namespace();
        await store.put(ns, "present", { v: 1 });
        expectSame(await store.get(ns, "absent"), null, "get() of a key never put returns null");
        expectSame(await store.get(namespace("never"), "present"), null, "get() in a namespace never written returns null");
      },
    },
    {
      name: "test_put_overwrites",
      ids: ["ST-03"],
      description: "a second put of the same namespace and key replaces the whole value (no merge)",
      async run({ store, namespace }) {
        const ns = namespace();
        await store.put(ns, "k", { a: 1, b: 2 });
        await store.put(ns, "k", { c: 3 });
        const item = await store.get(ns, "k");
        expectDefined(item, "get() after a second put() returns the item");
        expectEqual(item.value, { c: 3 }, "get() after a second put returns only the second value");
      },
    },
  ],
};
