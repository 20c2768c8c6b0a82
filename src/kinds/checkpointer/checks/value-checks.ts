import { JsonPlusSerializer, type SerializerProtocol } from "@langchain/langgraph-checkpoint";
import { ConformanceError, expectEqual } from "../../../assert.js";
import { formatValue } from "../../../format.js";

/**
 * `container[key]` must be an own key holding `expected` (deep-equal). The
 * failure names the value and what came back instead, e.g.
 * `metadata.step: 0 came back as undefined (the key is gone)`.
 */
export function expectKept(container: unknown, key: string, expected: unknown, where: string, why = ""): void {
  const label = `${where}${/^[A-Za-z_]\w*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`}`;
  const suffix = why === "" ? "" : `; ${why}`;
  const own = container !== null && typeof container === "object" && Object.hasOwn(container, key);
  if (!own) {
    throw new ConformanceError(`${label}: ${formatValue(expected)} came back as undefined (the key is gone)${suffix}`, {
      expected,
      actual: container,
    });
  }
  const actual = (container as Record<string, unknown>)[key];
  expectEqual(actual, expected, `${label}: ${formatValue(expected)} came back as ${formatValue(actual)}${suffix}`);
}

/** Every key of `expected` must be kept in `container` (see `expectKept`). */
export function expectAllKept(container: unknown, expected: Record<string, unknown>, where: string, why = ""): void {
  for (const [key, value] of Object.entries(expected)) expectKept(container, key, value, where, why);
}

const reference = new JsonPlusSerializer();

/** `value` as MemorySaver reads it back: through the default serializer (a Date becomes its ISO string). */
export function throughReference(value: unknown): Promise<unknown> {
  return throughSerde(reference, value);
}

/** `value` as `serde` reads it back: what its loadsTyped returns for what its dumpsTyped wrote. */
export async function throughSerde(serde: SerializerProtocol, value: unknown): Promise<unknown> {
  const [type, bytes] = await serde.dumpsTyped(value);
  return serde.loadsTyped(type, bytes);
}
