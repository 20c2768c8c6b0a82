import { countsOf, isCountedFailure } from "../report/conformance-report.js";
import type { ProgressHooks } from "../run/progress.js";
import type { Palette } from "../reporters/palette.js";
import type { ProgressStream } from "../util/text.js";

export type { ProgressStream };

/** A log that is not a terminal gets a line at least this often while the run goes on, naming what is in flight. */
export const HEARTBEAT_MS = 10_000;

/** The progress line's time: a repeating tick and a clock, injected by the tests. */
export interface ProgressClock {
  every(ms: number, tick: () => void): { stop(): void };
  now(): number;
}

const realClock: ProgressClock = {
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    timer.unref();
    return { stop: () => clearInterval(timer) };
  },
  now: () => performance.now(),
};

/** How many in-flight tests the heartbeat names before "+N more". */
const NAMED_IN_FLIGHT = 3;

/**
 * What the CLI shows while it runs when no live reporter does: on a terminal
 * one line rewritten in place as each test ends (the capability's own count
 * and the run's total), elsewhere (beside `capabilityLines`) at least every
 * HEARTBEAT_MS a line with the run's count and the tests in flight. Fed as
 * things happen (capabilities run at once: their tests end interleaved).
 */
export function progressLine(stream: ProgressStream, palette: Palette, clock: ProgressClock = realClock): ProgressHooks {
  const live = stream.isTTY === true;
  let done = 0;
  let selected = new Set<string>();
  const perCapability = new Map<string, { ran: number; failed: number }>();
  const inFlight = new Map<string, string>();
  let ran = 0;
  let failed = 0;
  let started = 0;
  let heartbeat: { stop(): void } | undefined;
  const failures = (n: number) => (n > 0 ? `, ${palette.red(`${n} failed`)}` : "");
  const rewrite = (capability: string) => {
    const own = perCapability.get(capability) ?? { ran: 0, failed: 0 };
    stream.write(
      `\r\x1b[K  ${palette.dim(`[${done}/${selected.size} done]`)} ${capability}: ${own.ran} tests run${failures(own.failed)} ${palette.dim("·")} run: ${ran} tests${failures(failed)}`,
    );
  };
  const beat = () => {
    const names = [...inFlight.values()];
    const named =
      names.slice(0, NAMED_IN_FLIGHT).join(", ") + (names.length > NAMED_IN_FLIGHT ? ` (+${names.length - NAMED_IN_FLIGHT} more)` : "");
    const seconds = Math.round((clock.now() - started) / 1000);
    stream.write(
      `  … ${seconds} s: ${ran} tests run${failures(failed)}, ${done}/${selected.size} capabilities done; in flight: ${named || "no spec test (a saver being made or cleaned up, or a section)"}\n`,
    );
  };
  return {
    onRunStart({ subjectName, capabilities }) {
      selected = new Set(capabilities);
      started = clock.now();
      stream.write(`Checking ${subjectName} (${selected.size} ${selected.size === 1 ? "capability" : "capabilities"})\n`);
      if (!live) heartbeat ??= clock.every(HEARTBEAT_MS, beat);
    },
    onCapabilityStart(capability) {
      if (live && selected.has(capability)) rewrite(capability);
    },
    onTestStart(capability, name) {
      inFlight.set(`${capability}\u0000${name}`, `${capability} › ${name}`);
    },
    onTestResult(capability, name, _passed, _error, result) {
      inFlight.delete(`${capability}\u0000${name}`);
      const own = perCapability.get(capability) ?? { ran: 0, failed: 0 };
      perCapability.set(capability, own);
      ran++;
      own.ran++;
      if (isCountedFailure(result)) {
        failed++;
        own.failed++;
      }
      if (live) rewrite(capability);
    },
    onCapabilityEnd(capability) {
      for (const key of [...inFlight.keys()]) if (key.startsWith(`${capability}\u0000`)) inFlight.delete(key);
      // Capabilities left out by --capabilities/--skip are in the final report, not in the progress.
      if (selected.has(capability)) done++;
    },
    onRunEnd() {
      heartbeat?.stop();
      heartbeat = undefined;
      if (live) stream.write("\r\x1b[K");
    },
  };
}

/**
 * In a log that is not a terminal, one line per capability as it ends: fed in the serial run's order (a
 * supervised run's reporters' order), so the log reads the same at any concurrency.
 */
export function capabilityLines(stream: ProgressStream, palette: Palette): ProgressHooks {
  if (stream.isTTY === true) return {};
  let selected = new Set<string>();
  return {
    onRunStart({ capabilities }) {
      selected = new Set(capabilities);
    },
    onCapabilityEnd(capability, result) {
      if (!selected.has(capability)) return;
      if (result.status === "skipped" && result.interrupted) {
        stream.write(
          `  ${capability}: interrupted (${countsOf(result).passed} passed, ${countsOf(result).failed} failed, the rest not run)\n`,
        );
        return;
      }
      if (result.status === "skipped" || result.status === "not-implemented") {
        stream.write(`  ${capability}: ${result.status} (${result.reason})\n`);
        return;
      }
      const counts = countsOf(result);
      const verdict = result.status === "failed" ? palette.red(result.status) : result.status;
      stream.write(`  ${capability}: ${verdict} (${counts.passed} passed, ${counts.failed} failed)\n`);
    },
  };
}
