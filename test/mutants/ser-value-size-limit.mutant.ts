import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

const LIMIT = 1 << 20;

export default {
  name: "ser-value-size-limit",
  bug: "stores strings in a column limited to 1 MiB, silently truncating longer ones",
  catches: ["test_ser_long_string"],
  create: () => new MemorySaver(lossySerde((v) => (typeof v === "string" && v.length > LIMIT ? v.slice(0, LIMIT) : v))),
} satisfies Mutant;
