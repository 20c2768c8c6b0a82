import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

const MAX_DEPTH = 32;

export default {
  name: "ser-depth-limit",
  bug: "the document store keeps at most 32 levels of nesting (like Firestore's map depth limit) and drops deeper values",
  catches: ["test_ser_deep_nesting"],
  create: () => new MemorySaver(lossySerde((v, depth) => (depth >= MAX_DEPTH && typeof v === "object" && v !== null ? null : v))),
} satisfies Mutant;
