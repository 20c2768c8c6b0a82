import { describe, expect, it } from "vitest";
import { renderSideBySide } from "../../bench/side-by-side.js";
import type { Timing } from "../../bench/suite-speed.js";

const timing = (label: string, median: number, extra: Partial<Timing> = {}): Timing => ({
  label,
  runs: 1,
  median,
  min: median,
  max: median,
  spreadPct: 0,
  ...extra,
});

describe("the bench's side-by-side table", () => {
  it("puts each subject's two tools on one row with their ratio, target and saver calls", () => {
    const table = renderSideBySide({
      remoteLike: {
        subject: "MemorySaver behind 20 ms per call (remote-like)",
        ours: timing("our CLI, default options", 78_600),
        theirs: timing("the tool", 17_800),
        calls: { ours: 3928, theirs: 821 },
      },
      postgres: {
        subject: "PostgresSaver, embedded server",
        ours: timing("our CLI, storage suites", 9_000, { runs: 3 }),
        theirs: timing("the tool", 12_000, { runs: 3 }),
      },
    });
    const [header, , remote, postgres] = table.split("\n");
    expect(header).toContain("saver calls per run, ours / theirs");
    expect(remote).toBe(
      "| MemorySaver behind 20 ms per call (remote-like): our CLI, default options / the tool | 78.6 s | 17.8 s | **4.42** | ≤ 1.0 (aim 0.5), every model sequence run | 3,928 / 821 |",
    );
    expect(postgres).toContain("| 9.0 s (median of 3) | 12.0 s (median of 3) | **0.75** |");
    expect(postgres.endsWith("| - |")).toBe(true);
  });
});
