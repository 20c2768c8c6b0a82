import type { CacheFullKey, SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { expectEqual, expectLength, expectTrue, fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import type { CapabilitySpecOf, SpecTestOf } from "../../checkpointer/checks/types.js";
import type { CacheCapability } from "../capabilities.js";
import type { CacheSpecContext } from "../context.js";
import { getHits, throughCacheSerde } from "./helpers.js";

type CacheTest = SpecTestOf<CacheSpecContext, CacheCapability>;

/** Marks what the recording serde's loadsTyped returns, so a value that bypassed it is told apart. */
const DECODED_MARK = "__decodedBySerde";

/**
 * Wraps the cache's own serde in place (so a cache holding a reference to the
 * object sees it too): records what dumpsTyped is given and marks what
 * loadsTyped returns. `restore()` puts the original methods back.
 */
function recordSerde(serde: SerializerProtocol) {
  const dumped: unknown[] = [];
  let loads = 0;
  const own = {
    dumpsTyped: Object.hasOwn(serde, "dumpsTyped"),
    loadsTyped: Object.hasOwn(serde, "loadsTyped"),
  };
  const original = { dumpsTyped: serde.dumpsTyped, loadsTyped: serde.loadsTyped };
  serde.dumpsTyped = async (value: unknown) => {
    dumped.push(structuredClone(value));
    return original.dumpsTyped.call(serde, value);
  };
  serde.loadsTyped = async (type: string, data: Uint8Array | string) => {
    loads++;
    const value = await original.loadsTyped.call(serde, type, data);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value, [DECODED_MARK]: true } : value;
  };
  return {
    dumped,
    loads: () => loads,
    restore() {
      for (const name of ["dumpsTyped", "loadsTyped"] as const) {
        if (own[name]) serde[name] = original[name] as never;
        else delete (serde as unknown as Record<string, unknown>)[name];
      }
    },
  };
}

export const serdeTests: CacheTest[] = [
  {
    name: "test_cache_values_go_through_serde",
    ids: ["CA-09"],
    methods: ["IM-cache-serde"],
    description: "set() encodes each value with cache.serde.dumpsTyped and get() returns what its loadsTyped decodes",
    async run(ctx) {
      const key: CacheFullKey = [ctx.namespace("serde"), "k"];
      const value = { writes: [["channel", { n: 1 }]] };
      const recording = recordSerde(ctx.cache.serde);
      try {
        await ctx.cache.set([{ key, value }]);
        expectTrue(
          recording.dumped.some((v) => formatValue(v) === formatValue(value)),
          "set() must encode the value with cache.serde.dumpsTyped (a serde given to the constructor, such as an encrypting one, is what protects it)",
          [
            `dumpsTyped was called with: ${recording.dumped.length === 0 ? "nothing" : recording.dumped.map((v) => formatValue(v)).join(", ")}`,
          ],
        );
        const hits = await getHits(ctx.cache, [key], "get after set through a recording serde");
        expectLength(hits, 1, "get([key]) of a key that holds a value must return exactly one entry");
        expectTrue(recording.loads() > 0, "get() must decode the stored value with cache.serde.loadsTyped");
        expectEqual(
          hits[0].value,
          { ...value, [DECODED_MARK]: true },
          "get() must return the value cache.serde.loadsTyped decoded (not a copy kept from set)",
        );
      } finally {
        recording.restore();
      }
    },
  },
  {
    name: "test_cache_serde_type_kept",
    ids: ["CA-09"],
    methods: ["IM-cache-serde"],
    description: "a value the serde encodes with a type other than json (bytes) is decoded with that type",
    async run(ctx) {
      const key: CacheFullKey = [ctx.namespace("serde-type"), "bytes"];
      const bytes = new Uint8Array([0, 1, 127, 128, 255]);
      const [type] = await ctx.cache.serde.dumpsTyped(bytes);
      await ctx.cache.set([{ key, value: bytes }]);
      const hits = await getHits(ctx.cache, [key], `get of a value the serde encodes as ${JSON.stringify(type)}`);
      expectLength(hits, 1, "get([key]) of a key that holds a value must return exactly one entry");
      const actual = hits[0].value;
      const expected = await throughCacheSerde(ctx.cache, bytes);
      if (expected instanceof Uint8Array && !(actual instanceof Uint8Array)) {
        fail(
          `a Uint8Array (encoded by the serde as type ${JSON.stringify(type)}) must come back as a Uint8Array: store the type dumpsTyped returns and pass it to loadsTyped`,
          [`got ${formatValue(actual)}`],
        );
      }
      expectEqual(
        actual,
        expected,
        "the bytes must come back as cache.serde decodes them (dumpsTyped, then loadsTyped of the type it returned)",
      );
    },
  },
];

export const serdeSpec: CapabilitySpecOf<CacheSpecContext, CacheCapability> = { capability: "serde", tests: serdeTests };
