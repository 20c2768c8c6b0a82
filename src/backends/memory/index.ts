import { checkpointerTest } from "../../registration.js";
import type { Backend } from "../types.js";
import { MEMORY_DEVIATIONS } from "./deviations.js";

/** MemorySaver from `@langchain/langgraph-checkpoint`: the reference saver. @public */
export const memoryBackend: Backend = {
  id: "memory",
  title: "MemorySaver",
  knownDeviations: MEMORY_DEVIATIONS,
  available: async () => ({ ok: true }),
  registration: () =>
    checkpointerTest({ name: "MemorySaver", knownDeviations: MEMORY_DEVIATIONS }, async function* () {
      // Imported here: the backend modules load no package, so the CLI reads their ids (ids.ts) before any saver loads.
      const { MemorySaver } = await import("@langchain/langgraph-checkpoint");
      yield new MemorySaver();
    }),
};
