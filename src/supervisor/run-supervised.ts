import type { ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { SUITE_VERSION } from "../engine/version.js";
import type { ProgressHooks } from "../run/progress.js";
import { runIdentity } from "../engine/run-identity.js";
import { interruptArrivals } from "../cleanup/signals.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import { endProcessGroup, sendRequest, signalGroup } from "./child-process.js";
import { describeEnding, whereNow } from "./ending.js";
import { HEARTBEAT_MS, type ChildMessage, type RunRequest } from "./protocol.js";
import { takeChild } from "./prestart.js";
import { RunTracker, type OutputSink } from "./run-tracker.js";

/** Loading the user's module longer than this is a usage error; CONFORMANCE_LOAD_TIMEOUT_MS overrides it. */
export const DEFAULT_LOAD_TIMEOUT_MS = 60_000;
/** The least time without a message from the child before it counts as stuck (else 4 times the per-test timeout); CONFORMANCE_STALL_MS overrides it. */
const MIN_STALL_MS = 10_000;
/** After an interrupt is forwarded, how long the child gets to clean up and end before its group is killed. */
const INTERRUPT_GRACE_MS = 10_000;
/** After a second Ctrl-C is forwarded, how long the child's synchronous last resort gets (a server killed, its files removed). */
const STOP_AT_ONCE_GRACE_MS = 4_000;
/** After the report arrived (or the child died), how long stray processes of the group get before SIGKILL. */
const END_GRACE_MS = 2_000;

export interface SupervisedRun {
  request: Omit<RunRequest, "loadTimeoutMs">;
  env: NodeJS.ProcessEnv;
  hooks: ProgressHooks;
  /** Where saver output (with the test it belongs to) is shown. */
  showOutput: OutputSink;
}

export type SupervisedOutcome =
  | { kind: "report"; report: ConformanceReport; interrupted?: NodeJS.Signals }
  | { kind: "usage-error" | "setup-error" | "unexpected-error"; message: string };

/**
 * Runs validate() in a child process and owns the outcome: the report the
 * child sent, or, when the child ended without one (process.exit, a crash, out
 * of memory, a signal), a report of what ran that names the test in flight and
 * how the run ended. Nothing of the child's outlives the call.
 */
export async function runSupervised(run: SupervisedRun): Promise<SupervisedOutcome> {
  const loadTimeoutMs = positiveNumber(run.env.CONFORMANCE_LOAD_TIMEOUT_MS) ?? DEFAULT_LOAD_TIMEOUT_MS;
  const minStallMs = positiveNumber(run.env.CONFORMANCE_STALL_MS) ?? MIN_STALL_MS;
  const child = takeChild(run.request.cwd, run.env);
  sendRequest(child, { ...run.request, loadTimeoutMs });
  const { shard } = run.request.options;
  const sharded = shard ? { shard, run: runIdentity(SUITE_VERSION, run.request.options) } : undefined;
  const tracker = new RunTracker(run.request.module, run.hooks, run.showOutput, sharded);
  const rawStderr = collect(child.stderr!, 64 * 1024);
  child.stdout!.setEncoding("utf8").on("data", (text: string) => run.showOutput("the saver's process (written to its stdout directly)", text));
  let lastHeard = Date.now();
  const messages = readMessages(child.stdio[3] as Readable, (m) => {
    lastHeard = Date.now();
    tracker.handle(m);
  });
  // A saver stuck in a synchronous loop blocks the child's event loop: no timeout can fire there, so it is ended from here.
  let stalledMs: number | undefined;
  const watchdog = setInterval(() => {
    const limit = tracker.timeoutMs === undefined ? loadTimeoutMs + minStallMs : Math.max(4 * tracker.timeoutMs, minStallMs);
    if (stalledMs === undefined && Date.now() - lastHeard > limit) {
      stalledMs = Date.now() - lastHeard;
      signalGroup(child.pid!, "SIGKILL");
    }
  }, HEARTBEAT_MS);

  let interrupted: NodeJS.Signals | undefined;
  const arrival = interruptArrivals();
  const onSignal = (signal: NodeJS.Signals) => {
    const now = arrival();
    if (now === "same") return; // the same Ctrl-C, passed on again by npm or tsx
    interrupted ??= signal;
    // A second Ctrl-C: the child stops at once (its synchronous last resort), and gets only a moment for it.
    child.kill(signal);
    setTimeout(() => signalGroup(child.pid!, "SIGKILL"), now === "first" ? INTERRUPT_GRACE_MS : STOP_AT_ONCE_GRACE_MS).unref();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const exit = await childExit(child);
    await Promise.race([messages, delay(500)]); // what the child wrote before it ended; a grandchild may hold the pipe open
    await endProcessGroup(child.pid, END_GRACE_MS);
    if (tracker.fatal && !interrupted) {
      const kind = tracker.fatal.t;
      return { kind, message: tracker.fatal.message };
    }
    const ending = interrupted
      ? { kind: "interrupted" as const, text: `interrupted by ${interrupted} during ${whereNow(tracker)}` }
      : stalledMs !== undefined
        ? { kind: "unresponsive" as const, text: unresponsive(whereNow(tracker), stalledMs) }
        : tracker.report
        ? undefined
        : describeEnding(tracker, exit, rawStderr.text());
    if (!interrupted && !ending) {
      const stray = rawStderr.text();
      if (stray.trim() !== "") run.showOutput("the saver's process (written to its stderr directly)", stray);
    }
    return { kind: "report", report: tracker.finalReport(ending), ...(interrupted ? { interrupted } : {}) };
  } finally {
    clearInterval(watchdog);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    child.stdout?.destroy();
    child.stderr?.destroy();
    (child.stdio[3] as Readable | null)?.destroy();
  }
}

function childExit(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    child.once("error", () => resolve({ code: null, signal: null }));
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

function readMessages(stream: Readable, handle: (message: ChildMessage) => void): Promise<void> {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  lines.on("line", (line) => {
    if (line.trim() === "") return;
    handle(JSON.parse(line) as ChildMessage);
  });
  return new Promise((resolve) => lines.once("close", resolve));
}

/** The first `limit` characters of a stream (enough to recognise a fatal error's banner). */
function collect(stream: Readable, limit: number): { text(): string } {
  let text = "";
  stream.setEncoding("utf8").on("data", (chunk: string) => {
    if (text.length < limit) text += chunk.slice(0, limit - text.length);
  });
  return { text: () => text };
}

/** A pause that does not keep the process alive once nothing else does. */
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function positiveNumber(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) && n > 0 ? n : undefined;
}

function unresponsive(where: string, stalledMs: number): string {
  const seconds = Math.round(stalledMs / 1000);
  return `the saver's process stopped responding during ${where}: its event loop was blocked for ${seconds} s (a synchronous endless loop?), where no timeout can fire; it was killed`;
}
