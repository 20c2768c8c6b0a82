import events from "node:events";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { variantsOf } from "../../src/graph/differential.js";
import { loadLangGraph } from "../../src/graph/langgraph.js";
import { runScenario } from "../../src/graph/run-scenario.js";
import { GRAPH_SCENARIOS } from "../../src/graph/scenarios/index.js";

describe("a scenario with a superstep of 50 parallel nodes (G23)", () => {
  it("runs without Node's MaxListenersExceededWarning (LangGraph races each task against one signal), and the limit is restored after", async () => {
    const loaded = await loadLangGraph();
    if (!loaded.ok) throw new Error(loaded.reason);
    const g23 = GRAPH_SCENARIOS.find((s) => s.id === "G23")!;
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on("warning", onWarning);
    const before = events.defaultMaxListeners;
    try {
      await runScenario(g23, variantsOf(g23)[0], loaded.module, new MemorySaver());
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((name) => name === "MaxListenersExceededWarning")).toEqual([]);
    expect(events.defaultMaxListeners).toBe(before);
  });
});
