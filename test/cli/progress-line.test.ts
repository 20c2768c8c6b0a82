import { describe, expect, it } from "vitest";
import { HEARTBEAT_MS, progressLine, type ProgressClock } from "../../src/cli/progress-line.js";
import { plainPalette } from "../../src/reporters/index.js";
import type { TestResult } from "../../src/report/conformance-report.js";
import type { HookCall } from "../../src/run/progress.js";
import type { ChildMessage } from "../../src/supervisor/protocol.js";
import { RunTracker } from "../../src/supervisor/run-tracker.js";

const passed = (name: string): TestResult => ({ name, ids: [], description: name, advisory: false, status: "passed", durationMs: 1 });

/** A clock the test moves by hand: `advance(ms)` runs the ticks that fall due. */
function manualClock(): ProgressClock & { advance(ms: number): void } {
  let now = 0;
  const ticks: { every: number; next: number; tick: () => void; stopped: boolean }[] = [];
  return {
    now: () => now,
    every(ms, tick) {
      const entry = { every: ms, next: ms, tick, stopped: false };
      ticks.push(entry);
      return { stop: () => void (entry.stopped = true) };
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = ticks.filter((t) => !t.stopped && t.next <= until).sort((a, b) => a.next - b.next)[0];
        if (!due) break;
        now = due.next;
        due.next += due.every;
        due.tick();
      }
      now = until;
    },
  };
}

describe("the CLI's progress line, at any concurrency", () => {
  it("on a terminal: each test as it ends, with its capability's own count and the run's total (not one counter across capabilities)", () => {
    const written: string[] = [];
    const line = progressLine({ write: (t) => written.push(t), isTTY: true }, plainPalette, manualClock());
    line.onRunStart!({ subjectName: "S", checkpointerName: "S", capabilities: ["put", "list"] });
    line.onCapabilityStart!("put", true);
    line.onCapabilityStart!("list", true);
    line.onTestResult!("put", "a", true, undefined, passed("a"));
    line.onTestResult!("list", "b", true, undefined, passed("b"));
    line.onTestResult!("put", "c", true, undefined, passed("c"));
    expect(written.at(-1)).toBe("\r\x1b[K  [0/2 done] put: 2 tests run · run: 3 tests");
    expect(written.at(-2)).toBe("\r\x1b[K  [0/2 done] list: 1 tests run · run: 2 tests");
  });

  it("in a log (not a terminal): a heartbeat every 10 s naming the tests in flight, until the run ends", () => {
    const written: string[] = [];
    const clock = manualClock();
    const line = progressLine({ write: (t) => written.push(t) }, plainPalette, clock);
    line.onRunStart!({ subjectName: "S", checkpointerName: "S", capabilities: ["put", "list"] });
    for (const name of ["a", "b", "c", "d"]) line.onTestStart!("put", name);
    line.onTestStart!("list", "e");
    line.onTestResult!("put", "a", true, undefined, passed("a"));
    clock.advance(HEARTBEAT_MS);
    expect(written.at(-1)).toBe("  … 10 s: 1 tests run, 0/2 capabilities done; in flight: put › b, put › c, put › d (+1 more)\n");
    line.onTestResult!("put", "b", true, undefined, passed("b"));
    clock.advance(HEARTBEAT_MS);
    expect(written.at(-1)).toBe("  … 20 s: 2 tests run, 0/2 capabilities done; in flight: put › c, put › d, list › e\n");
    const lines = written.length;
    line.onRunEnd!({} as never);
    clock.advance(3 * HEARTBEAT_MS);
    expect(written).toHaveLength(lines);
  });

  it("a supervised run tells the progress line each test as it arrives, while the reporters still get the serial run's order", () => {
    const live: string[] = [];
    const ordered: string[] = [];
    const tracker = new RunTracker("S", { onTestResult: (c, n) => void ordered.push(`${c} › ${n}`) }, () => {}, undefined, {
      onTestResult: (c, n) => void live.push(`${c} › ${n}`),
    });
    const hook = (call: HookCall) => tracker.handle(JSON.parse(JSON.stringify({ t: "hook", call })) as ChildMessage);
    hook({ name: "onRunStart", args: [{ subjectName: "S", checkpointerName: "S", capabilities: ["put", "get_tuple"] }] });
    hook({ name: "onCapabilityStart", args: ["put", true] });
    hook({ name: "onCapabilityStart", args: ["get_tuple", true] });
    hook({ name: "onTestResult", args: ["get_tuple", "x", true, undefined, passed("x")] });
    hook({ name: "onTestResult", args: ["get_tuple", "y", true, undefined, passed("y")] });
    // put has not ended: the reporters hold get_tuple's results, the progress line has them.
    expect(live).toEqual(["get_tuple › x", "get_tuple › y"]);
    expect(ordered).toEqual([]);
  });
});
