import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import { SUITE_VERSION } from "../engine/version.js";
import type { ProgressHooks } from "../run/progress.js";
import { runIdentity } from "../engine/run-identity.js";
import { interruptArrivals } from "../cleanup/signals.js";
import type { ConformanceReport } from "../report/conformance-report.js";
import { childExit, endProcessGroup, sendRequest, signalGroup, startChild } from "./child-process.js";
import { describeEnding, whereNow } from "./ending.js";
import { HEARTBEAT_MS, type ChildMessage, type RunRequest } from "./protocol.js";
import { takeChild } from "./prestart.js";
import { readMessages } from "./message-channel.js";
import {
  describePositionBriefly,
  RunTracker,
  testKey,
  type AloneOutcome,
  type Ending,
  type OutputSink,
  type TestRef,
} from "./run-tracker.js";

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
  /** Hooks called as things happen, not in the serial run's order (a progress line: each test as it ends). */
  liveHooks?: ProgressHooks;
  /** Where saver output (with the test it belongs to) is shown. */
  showOutput: OutputSink;
}

export type SupervisedOutcome =
  | { kind: "report"; report: ConformanceReport; interrupted?: NodeJS.Signals }
  | { kind: "usage-error" | "setup-error" | "unexpected-error"; message: string };

/**
 * Runs validate() in a child process and owns the outcome: the report the
 * child sent; or, when a child crashes (process.exit, an uncaught exception,
 * out of memory, a signal, a blocked event loop), the tests in flight fail
 * with the crash, named, and a fresh child goes on with the rest (several in
 * flight: each runs again alone first, to find the one that crashed it). A run
 * that cannot go on (interrupted, a crash outside the capabilities, a saver
 * that keeps crashing) is reported as cut short: what ran, where and how it
 * ended, the rest not run. Nothing of the children outlives the call.
 */
export async function runSupervised(run: SupervisedRun): Promise<SupervisedOutcome> {
  const loadTimeoutMs = positiveNumber(run.env.CONFORMANCE_LOAD_TIMEOUT_MS) ?? DEFAULT_LOAD_TIMEOUT_MS;
  const minStallMs = positiveNumber(run.env.CONFORMANCE_STALL_MS) ?? MIN_STALL_MS;
  const { shard } = run.request.options;
  const sharded = shard ? { shard, run: runIdentity(SUITE_VERSION, run.request.options) } : undefined;
  const tracker = new RunTracker(run.request.module, run.hooks, run.showOutput, sharded, run.liveHooks);
  const session = new Supervision(run, { loadTimeoutMs, minStallMs });
  try {
    let request: RunRequest = { ...run.request, loadTimeoutMs };
    let child = takeChild(run.request.cwd, run.env);
    for (;;) {
      const ended = await session.supervise(child, request, tracker);
      if (tracker.fatal && !session.interrupted) return { kind: tracker.fatal.t, message: tracker.fatal.message };
      const interrupted = () => {
        const ending = {
          kind: "interrupted" as const,
          text: `interrupted by ${session.interrupted} during ${describePositionBriefly(tracker.position())}`,
        };
        return { kind: "report" as const, report: tracker.finalReport(ending), interrupted: session.interrupted };
      };
      if (session.interrupted) return interrupted();
      if (!ended) return { kind: "report", report: tracker.finalReport(undefined) };
      const inFlight = tracker.inFlightTests();
      const alone =
        inFlight.length > 1 && !request.options.shard && !tracker.sectionsAlongside
          ? await isolate(inFlight, request, tracker, session)
          : undefined;
      if (session.interrupted) return interrupted(); // pressed while the tests in flight ran alone
      const next = tracker.afterCrash(ended, request.options, alone);
      if (next === undefined) return { kind: "report", report: tracker.finalReport(ended) };
      if (next === "done") return { kind: "report", report: tracker.finalReport(undefined) };
      tracker.beginChild();
      request = { ...request, options: next, ...(tracker.sectionsAfterCapabilities ? { sectionsAfterCapabilities: true } : {}) };
      child = startChild(run.request.cwd, run.env);
    }
  } finally {
    session.close();
  }
}

/**
 * Which of the tests in flight at a crash crashes the process, found without
 * running each one alone: first the test whose saver call started last (the
 * likeliest: a crash inside a call is that call's), then, if it does not
 * crash alone, halves of the others, each half run again at once in a fresh
 * child (its capabilities' other tests and the sections left out), down the
 * half that crashes. The culprit's outcome is its crash run alone; a group
 * that ran to its end gives its tests' results. Tests with no outcome ran in a
 * group that crashed and run again in the fresh child that goes on.
 */
async function isolate(
  tests: readonly TestRef[],
  request: RunRequest,
  parent: RunTracker,
  session: Supervision,
): Promise<Map<string, AloneOutcome>> {
  const outcomes = new Map<string, AloneOutcome>();
  const runGroup = async (group: readonly TestRef[]): Promise<Ending | undefined> => {
    const tracker = new RunTracker(request.module, {}, () => {});
    tracker.limitInFlightTo(group);
    const child = startChild(request.cwd, session.env);
    const crashed = await session.supervise(child, { ...request, options: parent.groupOptions(group, request.options) }, tracker);
    const results = tracker.finalReport(crashed).results;
    for (const test of group) {
      const result = results[test.capability]?.tests.find((t) => t.name === test.name);
      if (group.length === 1 && crashed) outcomes.set(testKey(test.capability, test.name), { crashed });
      else if (!crashed && result) outcomes.set(testKey(test.capability, test.name), { result });
    }
    return crashed;
  };
  /** The one test of `group` that crashes the process run alone (the group run at once, then each half of it), else undefined. */
  const search = async (group: readonly TestRef[]): Promise<TestRef | undefined> => {
    if (session.interrupted || group.length === 0 || !(await runGroup(group))) return undefined;
    if (group.length === 1) return group[0];
    const half = Math.ceil(group.length / 2);
    return (await search(group.slice(0, half))) ?? (await search(group.slice(half)));
  };
  const latest = parent.lastStartedTest();
  const rest = tests.filter((t) => t !== latest);
  if (latest && (await search([latest]))) return outcomes;
  await search(rest);
  return outcomes;
}

/** One supervised child at a time: its messages, its watchdog, and the Ctrl-C forwarded to it. */
class Supervision {
  interrupted: NodeJS.Signals | undefined;
  private child: ChildProcess | undefined;
  private readonly arrival = interruptArrivals();
  private readonly onSignal = (signal: NodeJS.Signals) => {
    const now = this.arrival();
    if (now === "same") return; // the same Ctrl-C, passed on again by npm or tsx
    this.interrupted ??= signal;
    const child = this.child;
    if (!child) return;
    // A second Ctrl-C: the child stops at once (its synchronous last resort), and gets only a moment for it.
    child.kill(signal);
    setTimeout(() => signalGroup(child.pid!, "SIGKILL"), now === "first" ? INTERRUPT_GRACE_MS : STOP_AT_ONCE_GRACE_MS).unref();
  };

  constructor(
    private readonly run: SupervisedRun,
    private readonly limits: { loadTimeoutMs: number; minStallMs: number },
  ) {
    process.on("SIGINT", this.onSignal);
    process.on("SIGTERM", this.onSignal);
  }

  get env(): NodeJS.ProcessEnv {
    return this.run.env;
  }

  /** Runs one child to its end: undefined when it delivered its report (or a fatal error), else how it ended. */
  async supervise(child: ChildProcess, request: RunRequest, tracker: RunTracker): Promise<Ending | undefined> {
    this.child = child;
    sendRequest(child, request);
    const rawStderr = collect(child.stderr!, 64 * 1024);
    child
      .stdout!.setEncoding("utf8")
      .on("data", (text: string) => this.run.showOutput("the saver's process (written to its stdout directly)", text));
    let lastHeard = Date.now();
    const messages = readMessages<ChildMessage>(child.stdio[3] as Readable, (m) => {
      lastHeard = Date.now();
      tracker.handle(m);
    });
    // A saver stuck in a synchronous loop blocks the child's event loop: no timeout can fire there, so it is ended from here.
    let stalledMs: number | undefined;
    const { loadTimeoutMs, minStallMs } = this.limits;
    const watchdog = setInterval(() => {
      const limit = tracker.timeoutMs === undefined ? loadTimeoutMs + minStallMs : Math.max(4 * tracker.timeoutMs, minStallMs);
      if (stalledMs === undefined && Date.now() - lastHeard > limit) {
        stalledMs = Date.now() - lastHeard;
        signalGroup(child.pid!, "SIGKILL");
      }
    }, HEARTBEAT_MS);
    try {
      const exit = await childExit(child);
      await Promise.race([messages, delay(500)]); // what the child wrote before it ended; a grandchild may hold the pipe open
      await endProcessGroup(child.pid, END_GRACE_MS);
      if (this.interrupted || (tracker.fatal && stalledMs === undefined)) return undefined;
      if (stalledMs !== undefined) return { kind: "unresponsive", text: unresponsive(whereNow(tracker), stalledMs) };
      if (!tracker.report) return describeEnding(tracker, exit, rawStderr.text());
      const stray = rawStderr.text();
      if (stray.trim() !== "") this.run.showOutput("the saver's process (written to its stderr directly)", stray);
      return undefined;
    } finally {
      clearInterval(watchdog);
      this.child = undefined;
      child.stdout?.destroy();
      child.stderr?.destroy();
      (child.stdio[3] as Readable | null)?.destroy();
    }
  }

  close(): void {
    process.off("SIGINT", this.onSignal);
    process.off("SIGTERM", this.onSignal);
  }
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
