import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { lossySerde } from "./serde-transform.js";
import type { Mutant } from "./types.js";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

export default {
  name: "ser-date-reviver",
  bug: "a JSON reviver turns every ISO-date-looking string back into a Date, so stored date strings come back as Date objects",
  catches: ["test_ser_date"],
  create: () => new MemorySaver(lossySerde((v) => (typeof v === "string" && ISO_DATE.test(v) ? new Date(v) : v))),
} satisfies Mutant;
