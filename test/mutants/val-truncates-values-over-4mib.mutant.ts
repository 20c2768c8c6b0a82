import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

/** gRPC's default message limit: a backend API behind it cannot carry more. */
const LIMIT = 4 * 1024 * 1024;

export default {
  name: "val-truncates-values-over-4mib",
  bug: "stores values through an API whose messages stop at 4 MiB (gRPC's default) and silently keeps only what fits, instead of rejecting the write",
  catches: ["test_val_five_mib_strings_kept_or_rejected"],
  create: () => new MemorySaver(lossySerde((v) => (typeof v === "string" && v.length > LIMIT ? v.slice(0, LIMIT) : v))),
} satisfies Mutant;
