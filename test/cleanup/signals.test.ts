import { describe, expect, it } from "vitest";
import { interruptArrivals, interruptExitCode, SAME_INTERRUPT_MS } from "../../src/cleanup/signals.js";

describe("interruptArrivals: one keypress is one interrupt", () => {
  it("signals within the window of the first are the same interrupt; one after it is another Ctrl-C", () => {
    let now = 1_000;
    const arrival = interruptArrivals(() => now);
    expect(arrival()).toBe("first");
    now += 30; // tsx relays the signal when its child has not answered within 30 ms
    expect(arrival()).toBe("same");
    now += SAME_INTERRUPT_MS - 31;
    expect(arrival()).toBe("same");
    now += 1;
    expect(arrival()).toBe("again");
  });

  it("the exit code of an interrupted run is 128 + the signal's number, 1 for a signal that is no interrupt", () => {
    expect([interruptExitCode("SIGINT"), interruptExitCode("SIGTERM"), interruptExitCode("SIGKILL")]).toEqual([130, 143, 1]);
  });
});
