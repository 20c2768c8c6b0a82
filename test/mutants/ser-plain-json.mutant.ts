import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { Mutant } from "./types.js";

/** Serializes with plain JSON.stringify / JSON.parse instead of the JsonPlusSerializer. */
const plainJson = {
  dumpsTyped: async (value: unknown): Promise<[string, Uint8Array]> => ["json", new TextEncoder().encode(JSON.stringify(value))],
  loadsTyped: async (_type: string, data: Uint8Array | string) =>
    JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)),
};

export default {
  name: "ser-plain-json",
  bug: "serializes with plain JSON: Map, Set, Uint8Array, undefined in arrays and LangChain messages do not survive",
  catches: ["test_ser_undefined_in_objects", "test_ser_nested_uint8array", "test_ser_map_and_set", "test_ser_langchain_messages"],
  create: () => new MemorySaver(plainJson),
} satisfies Mutant;
