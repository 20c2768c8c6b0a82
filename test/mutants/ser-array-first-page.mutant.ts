import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

const PAGE = 1_000;

export default {
  name: "ser-array-first-page",
  bug: "reads list values through a paged API and keeps only the first page of 1,000 items",
  catches: ["test_ser_large_array"],
  create: () => new MemorySaver(lossySerde((v) => (Array.isArray(v) && v.length > PAGE ? v.slice(0, PAGE) : v))),
} satisfies Mutant;
