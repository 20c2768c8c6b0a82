import { kindDescriptor, type AnyCapability as Capability, type SubjectKindId } from "../kinds/descriptors.js";
import type { ProgressHooks } from "../run/progress.js";
import type { RunIdentity } from "../engine/run-identity.js";
import type { Shard } from "../runtime/shard.js";
import { reportFromJSON, staticSection, type ReportJSON } from "../sections/report-json.js";
import { ConformanceReport, type CapabilityResult, type TestResult } from "../report/conformance-report.js";
import { provideSpecTestList } from "../spec/test-list.js";
import type { ChildMessage, PlannedTest } from "./protocol.js";

/** How a run that did not deliver its report ended, in one sentence ("the saver's process exited with code 0 during put › test_x (process.exit called)"). */
export interface Ending {
  kind: "process-exit" | "crash" | "out-of-memory" | "killed" | "unresponsive" | "interrupted";
  text: string;
}

/** Where the run was when the child stopped: a test, or a step between tests. */
export type Position =
  | { kind: "loading" }
  | { kind: "test"; capability: Capability; name: string }
  | { kind: "capability"; capability: Capability; after?: string }
  | { kind: "creating"; capability: Capability }
  | { kind: "after-capabilities" };

/** Saver output (stdout/stderr of the child) and where it was written. */
export type OutputSink = (where: string, text: string) => void;

/**
 * The parent's view of a supervised run, built from the child's messages: it
 * forwards progress to the reporters' hooks, keeps what ran so far and the
 * saver output per test, and turns a run that was cut short into a report
 * that says where and how, with the rest marked as not run.
 */
export class RunTracker {
  private plan: { capability: Capability; tests: PlannedTest[] }[] = [];
  private checkpointerName: string;
  /** The subject's kind, once the child said it (a run cut short before that is reported as a checkpointer's). */
  private subjectKind: SubjectKindId | undefined;
  private readonly results: Partial<Record<Capability, CapabilityResult>> = {};
  private current?: { capability: Capability; detected: boolean; tests: TestResult[]; lastTest?: string };
  private inFlight?: { capability: Capability; name: string };
  private started = false;
  private readonly outputByTest = new Map<string, string>();
  private readonly startedAt = performance.now();
  /** The per-test timeout the child runs with, once it said (after loading the module). */
  timeoutMs?: number;
  report?: ReportJSON;
  fatal?: Extract<ChildMessage, { t: "usage-error" | "setup-error" | "unexpected-error" }>;
  exitCalled?: number;
  crash?: { origin: string; error: string };

  constructor(
    fallbackName: string,
    private readonly hooks: ProgressHooks,
    private readonly showOutput: OutputSink,
    /** The run's shard and identity: a report of a run cut short is still that shard's, for the merge. */
    private readonly sharded?: { shard: Shard; run: RunIdentity },
  ) {
    this.checkpointerName = fallbackName;
  }

  handle(message: ChildMessage): void {
    switch (message.t) {
      case "alive":
        return;
      case "plan":
        this.plan = message.capabilities;
        this.timeoutMs = message.timeoutMs;
        provideSpecTestList((capability) => message.catalog[capability]);
        return;
      case "run-start":
        this.started = true;
        this.checkpointerName = message.checkpointerName;
        this.subjectKind = message.subjectKind;
        this.hooks.onRunStart?.({ checkpointerName: message.checkpointerName, ...(message.subjectKind ? { subjectKind: message.subjectKind } : {}), capabilities: message.capabilities });
        return;
      case "capability-start":
        this.current = { capability: message.capability, detected: message.detected, tests: [] };
        this.hooks.onCapabilityStart?.(message.capability, message.detected);
        return;
      case "test-start":
        this.inFlight = { capability: message.capability, name: message.name };
        this.hooks.onTestStart?.(message.capability, message.name);
        return;
      case "test-result": {
        this.inFlight = undefined;
        if (this.current?.capability === message.capability) {
          this.current.tests.push(message.result);
          this.current.lastTest = message.name;
        }
        this.hooks.onTestResult?.(message.capability, message.name, message.passed, message.error, message.result);
        const output = this.outputByTest.get(testKey(message.capability, message.name));
        if (output !== undefined) this.showOutput(`${message.capability} › ${message.name}`, output);
        return;
      }
      case "capability-end":
        this.current = undefined;
        this.results[message.capability] = message.result;
        this.hooks.onCapabilityEnd?.(message.capability, message.result);
        return;
      case "output": {
        const position = this.position();
        if (position.kind === "test") {
          const key = testKey(position.capability, position.name);
          this.outputByTest.set(key, (this.outputByTest.get(key) ?? "") + message.text);
        } else {
          this.showOutput(describePosition(position), message.text);
        }
        return;
      }
      case "exit-called":
        this.exitCalled ??= message.code;
        return;
      case "crash":
        this.crash ??= { origin: message.origin, error: message.error };
        return;
      case "report":
        this.report = message.report;
        return;
      default:
        this.fatal = message;
    }
  }

  /** Where the run is now. */
  position(): Position {
    if (this.inFlight) return { kind: "test", ...this.inFlight };
    if (this.current) return { kind: "capability", capability: this.current.capability, after: this.current.lastTest };
    if (!this.started) return { kind: "loading" };
    const next = this.plan.find((p) => this.results[p.capability] === undefined);
    return next ? { kind: "creating", capability: next.capability } : { kind: "after-capabilities" };
  }

  /** The child's report (with the saver output of each test), or, when the run was cut short, the report of what ran. */
  finalReport(ending: Ending | undefined): ConformanceReport {
    if (this.report && !ending) return this.withOutput(reportFromJSON(this.report));
    const cause = ending ?? { kind: "crash" as const, text: "the saver's process ended without a report" };
    return this.withOutput(this.cutShort(cause));
  }

  private cutShort(ending: Ending): ConformanceReport {
    const position = this.position();
    const where = describePosition(position);
    const notRunReason = ending.kind === "interrupted" ? `not run: interrupted during ${where}` : `not run: the run was cut short during ${where}`;
    const results: Partial<Record<Capability, CapabilityResult>> = { ...this.results };
    let notRun = 0;
    const remaining = (capability: Capability, done: readonly TestResult[]): TestResult[] => {
      const ran = new Set(done.map((t) => t.name));
      const tests = (this.plan.find((p) => p.capability === capability)?.tests ?? [])
        .filter((t) => !ran.has(t.name))
        .map((t): TestResult => ({ ...t, status: "skipped", reason: notRunReason }));
      notRun += tests.filter((t) => !t.advisory).length;
      return tests;
    };
    const base = { kind: "base" as const, inherited: false, durationMs: 0 };
    for (const { id: capability, kind } of kindDescriptor(this.subjectKind).capabilities) {
      const id = capability as Capability;
      if (results[id] !== undefined) continue;
      if (this.current?.capability === id || (position.kind === "creating" && position.capability === id)) {
        const done = this.current?.tests ?? [];
        const failed = this.failedTest(position, ending);
        const tests = [...done, failed, ...remaining(id, [...done, failed])];
        const detected = this.current?.detected ?? false;
        results[id] = { ...base, kind, capability: id, status: "failed", detected, tests };
        if (this.current) this.hooks.onTestResult?.(id, failed.name, false, ending.text, failed);
        this.hooks.onCapabilityEnd?.(id, results[id]!);
      } else if (this.plan.some((p) => p.capability === id) || !this.started) {
        results[id] = { ...base, kind, capability: id, status: "skipped", reason: notRunReason, detected: false, tests: remaining(id, []) };
      }
    }
    const summary = `${ending.text}${notRun > 0 ? `; ${notRun} ${notRun === 1 ? "test" : "tests"} not run` : ""}`;
    return new ConformanceReport({
      checkpointerName: this.checkpointerName,
      ...(this.subjectKind ? { subjectKind: this.subjectKind } : {}),
      results,
      errors: [],
      durationMs: performance.now() - this.startedAt,
      sections: [
        staticSection({
          key: "supervision",
          lines: [ending.kind === "interrupted" ? "INTERRUPTED" : "RUN CUT SHORT (the saver's process ended before the run did)", `  ${summary}.`],
          passed: false,
          json: { cut_short: true, interrupted: ending.kind === "interrupted", outcome: ending.kind, message: ending.text, during: where, tests_not_run: notRun },
        }),
      ],
      ...(this.sharded ?? {}),
    });
  }

  /**
   * The test (or lifecycle step) in flight, failed with how the run ended. Never
   * advisory, even in an advisory test: what failed is the saver's process, not the clause.
   */
  private failedTest(position: Position, ending: Ending): TestResult {
    const planned = position.kind === "test" ? this.plan.find((p) => p.capability === position.capability)?.tests.find((t) => t.name === position.name) : undefined;
    const name = position.kind === "test" ? position.name : position.kind === "creating" ? "factory" : "lifecycle";
    return {
      name,
      ids: planned?.ids ?? [],
      description: planned?.description ?? "the saver's lifecycle",
      advisory: false,
      status: "failed",
      durationMs: 0,
      failure: { message: ending.text, errorName: "SaverProcessEnded", thrownBySaver: true },
    };
  }

  private withOutput(report: ConformanceReport): ConformanceReport {
    for (const result of report.capabilityResults()) {
      for (const test of result.tests) {
        const output = this.outputByTest.get(testKey(result.capability, test.name));
        if (output !== undefined) test.output = output;
      }
    }
    return report;
  }
}

export function describePosition(position: Position): string {
  switch (position.kind) {
    case "loading":
      return "loading the module (or the lifespan's setup)";
    case "test":
      return `${position.capability} › ${position.name}`;
    case "capability":
      return position.after ? `${position.capability} (after ${position.after})` : `${position.capability} (before its first test)`;
    case "creating":
      return `${position.capability} (creating its saver)`;
    case "after-capabilities":
      return "the end of the run (graph/model sections or the lifespan's teardown)";
  }
}

function testKey(capability: Capability, name: string): string {
  return `${capability}\u0000${name}`;
}
