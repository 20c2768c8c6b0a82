import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../src/index.js";
import { renderThroughput, renderThroughputComparison } from "../../src/bench/render.js";
import { benchmarkSaver, classifyGrowth, THROUGHPUT_OPERATIONS, type OperationStats } from "../../src/bench/throughput.js";

const point = (threadLength: number, p50Ms: number): OperationStats => ({
  operation: "put",
  threadLength,
  calls: 1,
  opsPerSec: 1000 / p50Ms,
  p50Ms,
  p99Ms: p50Ms,
});

describe("throughput mode", () => {
  it("classifies growth from the log-log slope of p50 against thread length", () => {
    expect(classifyGrowth([point(10, 0.1), point(1000, 0.12)])).toBe("flat");
    expect(classifyGrowth([point(10, 0.1), point(1000, 9)])).toBe("linear");
    expect(classifyGrowth([point(10, 0.1), point(1000, 800)])).toBe("worse");
    expect(classifyGrowth([point(10, 0.1)])).toBe("n/a");
  });

  it("calls PostgresSaver's list of a whole thread worse than linear: 1.5 ms at 10, 7.5 ms at 100, 325 ms at 1,000 (issue 22)", () => {
    // The round trip's fixed cost makes 10 → 1,000 look linear (slope 1.17); 100 → 1,000 is 43× for 10× the checkpoints.
    expect(classifyGrowth([point(10, 1.467), point(100, 7.555), point(1000, 324.6)])).toBe("worse");
    expect(classifyGrowth([point(100, 7.5), point(1000, 325)])).toBe("worse");
    // The same fixed cost on a linear call, and a flat call with noise, keep their names.
    expect(classifyGrowth([point(10, 0.199), point(100, 1.297), point(1000, 14.1)])).toBe("linear");
    expect(classifyGrowth([point(10, 1.5), point(100, 1.75), point(1000, 1.6)])).toBe("flat");
  });

  it("measures every operation at every thread length on fresh savers and renders the tables", async () => {
    let created = 0;
    const reg = checkpointerTest({ name: "memory" }, () => {
      created++;
      return new MemorySaver();
    });
    const result = await benchmarkSaver(reg, { sizes: [5, 20], samples: 3 });
    expect(created).toBe(3); // a warm-up saver, then one per size
    expect(result.stats).toHaveLength(THROUGHPUT_OPERATIONS.length * 2);
    for (const s of result.stats) {
      expect(s.calls).toBeGreaterThan(0);
      expect(s.p99Ms).toBeGreaterThanOrEqual(s.p50Ms);
    }
    const table = renderThroughput(result);
    for (const op of THROUGHPUT_OPERATIONS) expect(table).toContain(`| ${op}`);
    expect(table).toContain("n=20: ops/s (p50 / p99 ms)");
    expect(renderThroughputComparison([result, { ...result, name: "other" }])).toContain("| memory ops/s | other ops/s |");
  });
});
