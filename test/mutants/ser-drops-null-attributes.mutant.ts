import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

/** Like a document client configured to remove null and empty-string attributes. */
function dropEmpty(value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== ""));
}

export default {
  name: "ser-drops-null-attributes",
  bug: "the document client removes null and empty-string attributes from stored objects",
  catches: ["test_ser_every_json_type"],
  create: () => new MemorySaver(lossySerde(dropEmpty)),
} satisfies Mutant;
