import { describe, expect, it } from "vitest";
import { interruptArrivals, interruptExitCode, SAME_INTERRUPT_MS, SURELY_AGAIN_MS } from "../../src/cleanup/signals.js";

describe("interruptArrivals: one keypress is one interrupt", () => {
  it("signals within the window of the first are the same interrupt; one after it is another Ctrl-C", () => {
    let now = 1_000;
    const arrival = interruptArrivals({ responsive: () => now, wall: () => now });
    expect(arrival()).toBe("first");
    now += 30; // tsx relays the signal when its child has not answered within 30 ms
    expect(arrival()).toBe("same");
    now += SAME_INTERRUPT_MS - 31;
    expect(arrival()).toBe("same");
    now += 1;
    expect(arrival()).toBe("again");
  });

  it("a process held up all along (its responsive clock still): a signal is the same interrupt until SURELY_AGAIN_MS of wall time, another Ctrl-C from then on", () => {
    let wall = 1_000;
    const arrival = interruptArrivals({ responsive: () => 5, wall: () => wall });
    expect(arrival()).toBe("first");
    wall += SURELY_AGAIN_MS - 1;
    expect(arrival()).toBe("same");
    wall += 1;
    expect(arrival()).toBe("again");
  });

  it("the exit code of an interrupted run is 128 + the signal's number, 1 for a signal that is no interrupt", () => {
    expect([interruptExitCode("SIGINT"), interruptExitCode("SIGTERM"), interruptExitCode("SIGKILL")]).toEqual([130, 143, 1]);
  });
});

describe("interruptArrivals on a loop held up (a loaded machine)", () => {
  const busyFor = (ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until);
  };
  const turns = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("a relay handled only after the loop was held up past the window is still the same interrupt", async () => {
    const arrival = interruptArrivals();
    expect(arrival()).toBe("first");
    await turns();
    // The relay arrives now, but the process handles it only after more than the window (as the timer's tick comes first).
    busyFor(SAME_INTERRUPT_MS + 200);
    await turns();
    expect(arrival()).toBe("same");
  });

  it("a second keypress while the loop turns freely, past the window, is another Ctrl-C", async () => {
    const arrival = interruptArrivals();
    expect(arrival()).toBe("first");
    // Well past the window: on a loaded machine the clock also leaves out the ticks' own lateness.
    await new Promise((resolve) => setTimeout(resolve, 2 * SAME_INTERRUPT_MS));
    expect(arrival()).toBe("again");
  });
});
