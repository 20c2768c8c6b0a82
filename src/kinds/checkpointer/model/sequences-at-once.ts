import fc from "fast-check";
import { inShard, type Shard } from "../../../runtime/shard.js";
import { mapBounded } from "../../../util/bounded.js";
import type { TestBudget } from "../../../run/test-budget.js";
import type { DeclarableBehaviour } from "./behaviours.js";
import type { ObservationSink, SequenceLoad } from "./sequence-env.js";
import type { SlowCall } from "../../../runtime/slow-call.js";

export interface AtOnceSettings {
  runs: number;
  seed: number;
  /** No sequence starts after this long, and the run stops waiting for those still in flight. */
  timeLimitMs: number;
  /** The run's budget of tests in flight (each sequence holds a slot), shared with the capabilities' spec tests. */
  budget: TestBudget;
  shard?: Shard;
}

export interface AtOnceResult {
  /** Sequences counted as run (a shard counts the others' too, as fast-check's loop does), and those this process ran. */
  runs: number;
  executed: number;
  /** The time limit left sequences unstarted. */
  cut: boolean;
  /** The first disagreement or error, in the sequences' order. */
  failed?: { index: number; error: unknown };
  /** Declared behaviours observed, in the order a serial run observes them. */
  observations: readonly [DeclarableBehaviour, readonly string[]][];
  /** Calls slower than the timeout with others in flight, in sequences that then agreed run alone too (slow under load, not a hang). */
  slowUnderLoad: SlowCall[];
}

/**
 * Runs the sequences fast-check's loop would run for this seed (drawn by
 * fast-check itself: the same values, biases and order), each holding a slot
 * of the run's budget (up to `concurrency` at once, the capabilities' spec
 * tests included), each by `run` on its own saver. The time limit counts from
 * when the first sequence got its slot. The sequences do not share threads
 * or savers, so running them at once checks what the serial loop checks;
 * observations are replayed in the sequences' order, so the report does not
 * depend on which finished first. A call past the timeout while others are
 * in flight gets the grace (src/runtime/slow-call.ts); a sequence that agreed
 * with such a slow call runs again alone, on a fresh saver, once the others
 * are done: agreeing alone too, its slow calls are notes (slow under load);
 * failing alone, that is its failure. A failure is only located here: the
 * caller runs fast-check's serial loop to find and shrink it.
 */
export async function runSequencesAtOnce<C>(
  sequences: fc.Arbitrary<C>,
  settings: AtOnceSettings,
  run: (commands: C, observe: ObservationSink, load?: SequenceLoad) => Promise<unknown>,
): Promise<AtOnceResult> {
  const drawn: C[] = [];
  await fc.assert(
    fc.asyncProperty(sequences, async (commands) => {
      drawn.push(commands);
    }),
    { numRuns: settings.runs, seed: settings.seed },
  );
  const mine = drawn.flatMap((commands, index) => (inShard(index, settings.shard) ? [{ commands, index }] : []));
  const observed = mine.map((): [DeclarableBehaviour, readonly string[]][] => []);
  const failures: { index: number; error: unknown }[] = [];
  const finished = mine.map(() => false);
  const slow = mine.map((): SlowCall[] => []);
  let cut = false;
  let started: number | undefined;
  // The limit guards a hung saver: sequences still in flight when it passes are left behind (as the serial loop leaves its one).
  let timer: NodeJS.Timeout | undefined;
  let startClock: () => void = () => {};
  const deadline = new Promise<"cut">((resolve) => {
    startClock = () => {
      started = performance.now();
      timer = setTimeout(() => resolve("cut"), settings.timeLimitMs);
    };
  });
  const work = mapBounded(mine, settings.budget.size, ({ commands, index }, position) =>
    settings.budget.one(async () => {
      if (started === undefined) startClock();
      if (failures.length > 0 || cut) return;
      if (performance.now() - started! >= settings.timeLimitMs) {
        cut = true;
        return;
      }
      try {
        const load: SequenceLoad = { ...settings.budget.loadWatch(), onSlowCall: (call) => slow[position]!.push(call) };
        await run(commands, (behaviour, example) => observed[position]!.push([behaviour, example]), load);
      } catch (error) {
        failures.push({ index, error });
      }
      finished[position] = true;
    }),
  );
  if ((await Promise.race([work.then(() => "done" as const), deadline])) === "cut") cut = true;
  clearTimeout(timer);
  const slowUnderLoad: SlowCall[] = [];
  // Alone, in the sequences' order, each on a fresh saver (fast-check's commands cloned, as its own loop does): as a serial run would run them.
  for (const [position, { commands, index }] of mine.entries()) {
    if (cut || failures.length > 0 || !finished[position] || slow[position]!.length === 0) continue;
    try {
      await settings.budget.alone(() => run(fc.cloneIfNeeded(commands), () => undefined));
      slowUnderLoad.push(...slow[position]!.map((call) => ({ ...call, call: `${call.call} in sequence ${index + 1}` })));
    } catch (error) {
      failures.push({ index, error });
    }
  }
  // Under a cut, the sequences counted are those before the first one not finished (as a serial loop would have stopped there).
  const firstNotRun = finished.indexOf(false);
  const runsDone = cut ? (firstNotRun < 0 ? drawn.length : mine[firstNotRun]!.index) : drawn.length;
  return {
    runs: runsDone,
    executed: finished.filter(Boolean).length,
    cut,
    ...(failures.length > 0 ? { failed: failures.reduce((a, b) => (b.index < a.index ? b : a)) } : {}),
    observations: observed.flat(),
    slowUnderLoad,
  };
}
