import type { SubjectLoad } from "../runtime/lease.js";
import type { LoadWatch } from "../runtime/slow-call.js";

/** One piece of work under the budget, and whether other work was in flight at any moment of it. */
interface Held {
  overlapped: boolean;
}

/**
 * The run's budget of spec tests (and model sequences) in flight at once: the
 * `concurrency` option, one budget for the whole run however many capabilities
 * run at once. `one` holds a slot; `alone` holds every slot, so nothing else
 * in the run is in flight meanwhile (a failure's run alone, its retries).
 * Waiters are served in the order they came, so a run alone is not starved by
 * the tests that keep starting; a few tests that start a long path wait ahead
 * of the other single slots (`first`). A budget of 1 runs everything one at a time.
 * It is also the run's load signal (src/runtime/slow-call.ts's grace rule):
 * the work in flight is the slots held, the work run alone and the `step`s
 * counted (a capability's saver being created or cleaned up, which holds no slot),
 * less the steps that say they are past their timeout (hung work is not load).
 */
export class TestBudget {
  private used = 0;
  /** `ahead`: a run alone or a slot asked `first`, which a later `first` does not pass. */
  private readonly waiting: { slots: number; ahead: boolean; grant: () => void }[] = [];
  private readonly holding = new Set<Held>();
  private steps = 0;
  /** Work in flight with a step pending past its timeout now (src/runtime/slow-call.ts's `GraceRule`): in flight, but not load. */
  private readonly hung = new Set<object>();

  constructor(readonly size: number) {}

  /** Pieces of work in flight now: holding a slot (`one`), run `alone` (what no slot holds, a capability's factory, may still overlap it) or counted (`step`). */
  inFlight(): number {
    return this.holding.size + this.steps;
  }

  /** Asked from inside counted work (`one`, `step`): whether anything else of the run is in flight now, and not itself past its timeout. */
  othersInFlight(): boolean {
    return this.inFlight() - this.hung.size > 1;
  }

  /**
   * The run's load as one piece of work (a test's attempt, a model sequence) sees it under the grace rule
   * (src/runtime/slow-call.ts): whether other work is in flight that is not itself hung, and its own steps
   * past their timeout, which make it hung for the others. One per piece of work: its own steps (a call, an
   * extra saver's factory) never count against it. A factory or cleanup of a capability's saver
   * (`subjectStepsLoad`) never marks itself: savers created at once may wait behind one another on a server,
   * and are each other's load.
   */
  loadWatch(): LoadWatch {
    const piece = {};
    const overdue = new Set<object>();
    return {
      othersInFlight: () => this.inFlight() - 1 - (this.hung.size - (this.hung.has(piece) ? 1 : 0)) > 0,
      overdue: (step, past) => {
        if (past) overdue.add(step);
        else overdue.delete(step);
        if (overdue.size > 0) this.hung.add(piece);
        else this.hung.delete(piece);
      },
    };
  }

  /** Counts `work` as in flight while it runs, without taking a slot. */
  async step<T>(work: () => Promise<T>): Promise<T> {
    this.steps++;
    try {
      return await work();
    } finally {
      this.steps--;
    }
  }

  /**
   * The load a subject's factory and cleanup are judged under when the subject is made outside any slot
   * (a capability's own, the model's detection): each step counted as work in flight while pending.
   */
  subjectStepsLoad(): SubjectLoad {
    return { othersInFlight: () => this.othersInFlight(), counted: (step) => this.step(step) };
  }

  /**
   * Runs `work` holding one slot; `overlapped`: something else in the run was in flight at some moment of it.
   * `first`: it waits ahead of the plain slots already waiting, behind runs alone and other `first` slots
   * (a test that starts a long path: SpecTest.longChain).
   */
  async one<T>(work: () => Promise<T>, { first = false } = {}): Promise<{ value: T; overlapped: boolean }> {
    await this.acquire(1, first ? "first" : "plain");
    const held: Held = { overlapped: this.holding.size > 0 };
    for (const other of this.holding) other.overlapped = true;
    this.holding.add(held);
    try {
      return { value: await work(), overlapped: held.overlapped };
    } finally {
      this.holding.delete(held);
      this.release(1);
    }
  }

  /** Runs `work` with no other test or sequence of the run in flight. */
  async alone<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire(this.size, "alone");
    try {
      return await this.step(work);
    } finally {
      this.release(this.size);
    }
  }

  private acquire(slots: number, kind: "plain" | "first" | "alone"): Promise<void> {
    if (this.waiting.length === 0 && this.used + slots <= this.size) {
      this.used += slots;
      return Promise.resolve();
    }
    return new Promise((grant) => {
      const at = kind === "first" ? this.waiting.findLastIndex((w) => w.ahead) + 1 : this.waiting.length;
      this.waiting.splice(at, 0, { slots, ahead: kind !== "plain", grant });
    });
  }

  private release(slots: number): void {
    this.used -= slots;
    while (this.waiting.length > 0 && this.used + this.waiting[0]!.slots <= this.size) {
      const next = this.waiting.shift()!;
      this.used += next.slots;
      next.grant();
    }
  }
}
