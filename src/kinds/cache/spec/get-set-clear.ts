import { expectEqual } from "../../../assert.js";
import type { CapabilitySpecOf } from "../../../spec/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";

/** set and get (catalog B.1). */
export const getSetSpec: CapabilitySpecOf<CacheSpecContext, CacheCapability> = {
  capability: "get_set",
  tests: [
    {
      name: "test_cache_set_get_roundtrip",
      ids: ["CA-02"],
      description: "get after set returns [{ key, value }]: the key as requested, the value deep-equal",
      async run({ cache, namespace }) {
        const key: [string[], string] = [namespace(), "k"];
        const value = { text: "hello", list: [1, 2, { n: null }] };
        await cache.set([{ key, value }]);
        expectEqual(await cache.get([key]), [{ key, value }], "get([key]) right after set() returns that key and value");
      },
    },
  ],
};

/** clear (catalog B.1). */
export const clearSpec: CapabilitySpecOf<CacheSpecContext, CacheCapability> = {
  capability: "clear",
  tests: [
    {
      name: "test_cache_clear_namespace",
      ids: ["CA-07"],
      description: "clear([ns]) removes the entries of that namespace and keeps the others",
      async run({ cache, namespace }) {
        const cleared: [string[], string] = [namespace("cleared"), "k"];
        const kept: [string[], string] = [namespace("kept"), "k"];
        await cache.set([{ key: cleared, value: 1 }, { key: kept, value: 2 }]);
        await cache.clear([cleared[0]]);
        expectEqual(await cache.get([cleared, kept]), [{ key: kept, value: 2 }], "after clear([ns]) only the other namespace's entry is left");
      },
    },
  ],
};
