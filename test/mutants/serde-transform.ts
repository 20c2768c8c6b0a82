import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";

type SerializerProtocol = ConstructorParameters<typeof import("@langchain/langgraph-checkpoint").MemorySaver>[0] & object;

/**
 * The default serializer, with one lossy step applied to every value it loads:
 * the shape of a storage layer that cannot hold some values (a size limit, a
 * charset, a depth limit). For serialization mutants.
 */
export function lossySerde(lossy: (value: unknown, depth: number) => unknown): SerializerProtocol {
  const inner = new JsonPlusSerializer();
  return {
    dumpsTyped: (value: unknown) => inner.dumpsTyped(value),
    loadsTyped: async (type: string, data: Uint8Array | string) => mapValue(await inner.loadsTyped(type, data), lossy, 0),
  };
}

/** Applies `lossy` bottom-up to plain objects, arrays and strings; other instances are left alone. */
function mapValue(value: unknown, lossy: (value: unknown, depth: number) => unknown, depth: number): unknown {
  if (Array.isArray(value))
    return lossy(
      value.map((v) => mapValue(v, lossy, depth + 1)),
      depth,
    );
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapValue(v, lossy, depth + 1);
    return lossy(out, depth);
  }
  return lossy(value, depth);
}
