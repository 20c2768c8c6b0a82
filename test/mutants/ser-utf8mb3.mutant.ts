import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

export default {
  name: "ser-utf8mb3",
  bug: "stores text in a 3-byte UTF-8 charset (MySQL utf8mb3): characters beyond the BMP become U+FFFD",
  catches: ["test_ser_unicode"],
  create: () => new MemorySaver(lossySerde((v) => (typeof v === "string" ? v.replace(/[\u{10000}-\u{10FFFF}]/gu, "\uFFFD") : v))),
} satisfies Mutant;
