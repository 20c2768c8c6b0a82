import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

const LIMIT = 2 * 1024 * 1024;

export default {
  name: "val-truncates-rows-over-2mib",
  bug: "stores values in rows limited to 2 MiB and silently keeps only what fits, instead of rejecting the write",
  catches: ["test_val_large_value_kept_or_rejected"],
  create: () => new MemorySaver(lossySerde((v) => (typeof v === "string" && v.length > LIMIT ? v.slice(0, LIMIT) : v))),
} satisfies Mutant;
