import { kindDescriptor, type CapabilityId, type SubjectKindId } from "../kinds/descriptors.js";
import { fanOutHooks, replayHook, type HookCall, type ProgressHooks } from "../run/progress.js";
import { serialOrderHooks, type SerialOrderHooks } from "../run/serial-progress.js";
import type { RunIdentity } from "../engine/run-identity.js";
import type { Shard } from "../runtime/shard.js";
import { reportFromJSON, staticSection, type ReportJSON } from "../sections/report-json.js";
import { ConformanceReport, isCountedFailure, type CapabilityResult, type TestResult } from "../report/conformance-report.js";
import { pinnedModelOption } from "../kinds/checkpointer/model/options.js";
import { notRunSection } from "../report/not-run-section.js";
import type { ChildMessage, RunRequest } from "./protocol.js";

/** How a run that did not deliver its report ended, in one sentence ("the saver's process exited with code 0 during put › test_x (process.exit called)"). */
export interface Ending {
  kind: "process-exit" | "crash" | "out-of-memory" | "killed" | "unresponsive" | "interrupted";
  text: string;
}

/** A spec test in flight. */
export interface TestRef {
  capability: CapabilityId;
  name: string;
}

/** Where the run was when the child stopped: a test (or several at once), or a step between tests. */
export type Position =
  | { kind: "loading" }
  | ({ kind: "test" } & TestRef)
  | { kind: "tests"; tests: TestRef[] }
  | { kind: "capability"; capability: CapabilityId; after?: string }
  | { kind: "creating"; capability: CapabilityId }
  | { kind: "after-capabilities" };

/** Saver output (stdout/stderr of the child) and where it was written. */
export type OutputSink = (where: string, text: string) => void;

/** What a test in flight at a crash did when it ran again alone: crashed its process too (how), or gave this result. */
export type AloneOutcome = { crashed: Ending } | { result: TestResult };

/** After this many crashed processes in a row that finished no test, the run stops (a factory or a module that crashes every process). */
export const CRASHES_IN_A_ROW_TO_STOP = 3;
/** After this many crashed processes in one run, it stops whatever they finished (a saver that crashes every few tests). */
export const MAX_CRASHES = 10;

type Plan = Extract<ChildMessage, { t: "plan" }>;

/**
 * The parent's view of a supervised run, built from the messages of its child
 * processes: it replays their progress onto the reporters' hooks, keeps what
 * ran so far and the saver output per test. When a child crashes, the tests in
 * flight fail with the crash and a fresh child can resume after them
 * (`afterCrash`): the tracker leaves out what earlier children finished and
 * merges the results. A run that cannot go on is reported as cut short, with
 * where and how, and the rest marked as not run.
 */
export class RunTracker {
  private plan: Plan | undefined;
  private subjectName: string;
  /** The subject's kind, once the child said it (a run cut short before that is reported as a checkpointer's). */
  private subjectKind: SubjectKindId | undefined;
  private readonly results: Partial<Record<CapabilityId, CapabilityResult>> = {};
  /** Capabilities an earlier child began and crashed in: what they finished (the crashed test included). A resumed child leaves these tests out. */
  private readonly settled = new Map<CapabilityId, { detected: boolean; tests: TestResult[] }>();
  /** The capabilities begun and not ended (several when the child runs capabilities at once), in the order they began. */
  private readonly current = new Map<
    CapabilityId,
    { capability: CapabilityId; detected: boolean; tests: TestResult[]; lastTest?: string }
  >();
  /** The user's hooks in the serial run's order (the child's calls interleave when it runs capabilities at once), once the kind is known. */
  private ordered: SerialOrderHooks | undefined;
  private readonly inFlight = new Map<string, TestRef>();
  private lastStarted?: string;
  private started = false;
  /** The current child continues the run of a crashed one. */
  private resumed = false;
  private finishedInChild = 0;
  private crashesInARow = 0;
  /** The crashes the run survived, in words ("the saver's process was killed by SIGABRT during put › test_x"). */
  readonly crashes: string[] = [];
  private readonly outputByTest = new Map<string, string>();
  private readonly startedAt = performance.now();
  /** The per-test timeout the child runs with, once it said (after loading the module). */
  timeoutMs?: number;
  report?: ReportJSON;
  fatal?: Extract<ChildMessage, { t: "usage-error" | "setup-error" | "unexpected-error" }>;
  exitCalled?: number;
  crash?: { origin: string; error: string };
  /** Sections run alongside the capabilities in the current child: a crash now may be theirs. */
  sectionsAlongside = false;
  /** A crash came while sections ran alongside: the fresh children run them after the capabilities. */
  sectionsAfterCapabilities = false;

  constructor(
    fallbackName: string,
    private readonly hooks: ProgressHooks,
    private readonly showOutput: OutputSink,
    /** The run's shard and identity: a report of a run cut short is still that shard's, for the merge. */
    private readonly sharded?: { shard: Shard; run: RunIdentity },
    /** Hooks told as things happen, not in the serial run's order: the CLI's progress line (each test as it ends). */
    private readonly live?: ProgressHooks,
  ) {
    this.subjectName = fallbackName;
  }

  handle(message: ChildMessage): void {
    switch (message.t) {
      case "alive":
        return;
      case "plan":
        this.plan ??= message;
        this.timeoutMs = message.timeoutMs;
        return;
      case "hook":
        // JSON has no undefined: an argument that was undefined arrives as null (no hook takes a null).
        this.onHook({ name: message.call.name, args: message.call.args.map((a: unknown) => a ?? undefined) } as HookCall);
        return;
      case "output": {
        const position = this.position();
        // Several tests in flight: the output goes with the one whose saver call started last, shown after its result.
        const owner =
          position.kind === "test"
            ? position
            : position.kind === "tests"
              ? (position.tests.find((t) => testKey(t.capability, t.name) === this.lastStarted) ?? position.tests[0])
              : undefined;
        if (owner !== undefined) {
          const key = testKey(owner.capability, owner.name);
          this.outputByTest.set(key, (this.outputByTest.get(key) ?? "") + message.text);
        } else {
          this.showOutput(describePosition(position), message.text);
        }
        return;
      }
      case "sections-alongside":
        this.sectionsAlongside = message.running;
        return;
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

  /** Bookkeeping, then the user's hook; what an earlier child already reported is not reported again. */
  private onHook(call: HookCall): void {
    switch (call.name) {
      case "onRunStart":
        if (this.started) return;
        this.started = true;
        this.subjectName = call.args[0].subjectName;
        this.subjectKind = call.args[0].subjectKind;
        this.ordered = serialOrderHooks(
          this.hooks,
          kindDescriptor(this.subjectKind).capabilities.map((c) => c.id as CapabilityId),
        );
        break;
      case "onCapabilityStart": {
        const [capability, detected] = call.args;
        if (this.results[capability]) return;
        const earlier = this.settled.get(capability);
        this.current.set(capability, { capability, detected: earlier?.detected ?? detected, tests: [...(earlier?.tests ?? [])] });
        if (earlier) return;
        break;
      }
      case "onTestStart": {
        const [capability, name] = call.args;
        if (this.isSettled(capability, name)) return;
        // A test the run leaves out (skipTests) is not in flight, though its skipped result waits for the others' order.
        if (this.onlyInFlight && !this.onlyInFlight.has(testKey(capability, name))) break;
        this.inFlight.set(testKey(capability, name), { capability, name });
        // Under concurrency the engine announces again the test whose saver call started last: the likeliest culprit of a crash.
        this.lastStarted = testKey(capability, name);
        break;
      }
      case "onTestResult": {
        const [capability, name, , , result] = call.args;
        if (this.isSettled(capability, name)) return;
        this.inFlight.delete(testKey(capability, name));
        const current = this.current.get(capability);
        if (current) {
          current.tests.push(result);
          current.lastTest = name;
        }
        this.finishedInChild++;
        replayHook(this.out, call);
        const output = this.outputByTest.get(testKey(capability, name));
        if (output !== undefined) this.showOutput(`${capability} › ${name}`, output);
        return;
      }
      case "onCapabilityEnd": {
        const [capability, result] = call.args;
        const tests = this.current.get(capability)?.tests ?? result.tests;
        this.current.delete(capability);
        if (this.results[capability]) return;
        const merged = this.settled.has(capability)
          ? crashedIn(result, this.settled.get(capability)!.detected, this.inPlanOrder(capability, tests))
          : this.asFirstPlanned(result);
        this.settled.delete(capability);
        this.finish(merged);
        return;
      }
    }
    replayHook(this.out, call);
  }

  private isSettled(capability: CapabilityId, name: string): boolean {
    return this.results[capability] !== undefined || (this.settled.get(capability)?.tests.some((t) => t.name === name) ?? false);
  }

  /** A capability a resumed child did not plan (it was given only what was left) is reported as the first child planned it. */
  private asFirstPlanned(result: CapabilityResult): CapabilityResult {
    const skip = this.resumed ? this.plan?.skipped.find((s) => s.capability === result.capability) : undefined;
    if (!skip) return result;
    return {
      ...base(result.capability, result.kind),
      status: "skipped",
      reason: skip.reason,
      ...(skip.excluded ? { excluded: true } : {}),
    };
  }

  private finish(result: CapabilityResult): void {
    this.results[result.capability] = result;
    this.out.onCapabilityEnd?.(result.capability, result);
  }

  /** Where the run is now. */
  position(): Position {
    const inFlight = [...this.inFlight.values()];
    if (inFlight.length === 1) return { kind: "test", ...inFlight[0] };
    if (inFlight.length > 1) return { kind: "tests", tests: inFlight };
    const current = this.current.values().next().value;
    if (current) return { kind: "capability", capability: current.capability, after: current.lastTest };
    if (!this.started) return { kind: "loading" };
    const next = this.plan?.capabilities.find((p) => this.results[p.capability] === undefined);
    return next ? { kind: "creating", capability: next.capability } : { kind: "after-capabilities" };
  }

  /** The tests in flight now (more than one when the engine runs tests concurrently). */
  inFlightTests(): TestRef[] {
    return [...this.inFlight.values()];
  }

  /** Resets what belongs to one child, before the next one starts. */
  beginChild(): void {
    this.resumed = true;
    this.report = undefined;
    this.exitCalled = undefined;
    this.crash = undefined;
    this.current.clear();
    this.inFlight.clear();
    this.lastStarted = undefined;
    this.finishedInChild = 0;
    this.sectionsAlongside = false;
  }

  /**
   * A child crashed (`ending`): the tests in flight fail with it (or, when
   * several were, with what each did when `alone`), and the options for a
   * fresh child that goes on after them; "done" when nothing is left to run;
   * undefined when the run cannot go on (the crash was not in a capability, the
   * run is a shard, or the saver keeps crashing): then `finalReport(ending)`
   * reports it as cut short.
   */
  afterCrash(
    ending: Ending,
    options: RunRequest["options"],
    alone?: ReadonlyMap<string, AloneOutcome>,
  ): RunRequest["options"] | "done" | undefined {
    const position = this.position();
    if (!this.plan || options.shard || position.kind === "loading" || position.kind === "after-capabilities") return undefined;
    this.whereCut = describePosition(position);
    if (this.sectionsAlongside) {
      // The crash may be a section's: no test is blamed; the tests in flight run again in a fresh child, which runs the
      // sections after the capabilities, where a crash of theirs is seen as theirs.
      this.sectionsAfterCapabilities = true;
      this.recordEnding({ kind: "after-capabilities" }, ending);
    } else {
      this.recordEnding(position, ending, alone);
    }
    // The crash in words: the culprit's own, once the tests in flight told which one it is.
    const culprit = alone ? [...alone.values()].find((o): o is { crashed: Ending } => "crashed" in o) : undefined;
    this.crashes.push(culprit ? culprit.crashed.text : ending.text);
    this.crashesInARow = this.finishedInChild > 0 ? 1 : this.crashesInARow + 1;
    if (this.crashesInARow >= CRASHES_IN_A_ROW_TO_STOP) {
      this.stopped = `the saver's process crashed ${this.crashesInARow} times in a row without finishing a test, so the run stopped`;
      return undefined;
    }
    if (this.crashes.length >= MAX_CRASHES) {
      this.stopped = `the saver's process crashed ${this.crashes.length} times, so the run stopped`;
      return undefined;
    }
    for (const [capability, done] of this.settled) {
      const left = this.plannedOf(capability).filter((t) => !done.tests.some((d) => d.name === t.name));
      // A crash while creating the saver would happen again: the capability ends with it, as an in-process factory failure does.
      const creating = position.kind === "creating" && position.capability === capability;
      if (creating || left.length === 0) {
        this.settled.delete(capability);
        this.finish(crashedIn({ ...base(capability, this.kindOf(capability)), status: "passed" }, done.detected, done.tests));
      }
    }
    const capabilities = this.plan.capabilities.map((c) => c.capability).filter((c) => this.results[c] === undefined);
    if (capabilities.length === 0 && !this.plan.sectionsAsked) return "done";
    const planned = new Set(this.plan.capabilities.flatMap((c) => c.tests.map((t) => t.name)));
    const done = [...this.settled.values()].flatMap((s) => s.tests.map((t) => t.name)).filter((name) => planned.has(name));
    // The sections run as the first child's options asked: narrowed to what is left, the default model would be off.
    return { ...options, model: pinnedModelOption(options), capabilities, skipTests: [...(options.skipTests ?? []), ...done] };
  }

  /** A child's options that run only the tests of `group` (the others of their capabilities left out, no section), to see what they do without the rest. */
  groupOptions(group: readonly TestRef[], options: RunRequest["options"]): RunRequest["options"] {
    const capabilities = [...new Set(group.map((t) => t.capability))];
    const others = capabilities.flatMap((capability) =>
      this.plannedOf(capability)
        .filter((t) => !group.some((g) => g.capability === capability && g.name === t.name))
        .map((t) => t.name),
    );
    return { ...options, capabilities, skipTests: [...(options.skipTests ?? []), ...others], graph: false, model: false };
  }

  /** The tests of a child that runs only `group` (`groupOptions`): no other test is ever in flight in it. */
  limitInFlightTo(group: readonly TestRef[]): void {
    this.onlyInFlight = new Set(group.map((t) => testKey(t.capability, t.name)));
  }
  private onlyInFlight?: Set<string>;

  /** The test in flight whose saver call started last (the likeliest culprit of a crash), if known. */
  lastStartedTest(): TestRef | undefined {
    return this.lastStarted === undefined ? undefined : this.inFlight.get(this.lastStarted);
  }

  private whereCut?: string;

  /** The user's hooks in the serial run's order, and the live ones (a progress line) as things happen. */
  private get out(): ProgressHooks {
    const ordered = this.ordered ?? this.hooks;
    return this.live ? fanOutHooks([ordered, this.live]) : ordered;
  }
  private stopped?: string;

  /** The tests in flight (or the step) fail with how the process ended; their capability keeps what it finished. */
  private recordEnding(position: Position, ending: Ending, alone?: ReadonlyMap<string, AloneOutcome>): void {
    const failed = new Map<CapabilityId, TestResult[]>();
    const add = (capability: CapabilityId, test: TestResult) => failed.set(capability, [...(failed.get(capability) ?? []), test]);
    if (position.kind === "test" || position.kind === "tests") {
      const inFlight = position.kind === "test" ? [position] : position.tests;
      const culprits = inFlight.filter((t) => alone && "crashed" in (alone.get(testKey(t.capability, t.name)) ?? {}));
      // None crashed alone: the crash did not repeat, or needs the tests together. The test whose call started last fails
      // (one crash, one failure); the others keep their results alone. Without that test, each one fails.
      const latest = alone && culprits.length === 0 ? inFlight.find((t) => testKey(t.capability, t.name) === this.lastStarted) : undefined;
      for (const test of inFlight) {
        const outcome = alone?.get(testKey(test.capability, test.name));
        if (latest !== undefined) {
          if (test === latest) {
            add(
              test.capability,
              this.failedTest(test, {
                ...ending,
                text: `${ending.text} (its saver call started last of ${inFlight.length} tests running at once; run alone, none of them crashed the process again)`,
              }),
            );
          } else if (outcome && "result" in outcome) add(test.capability, outcome.result);
          else add(test.capability, this.failedTest(test, ending));
        } else if (alone && culprits.length === 0) {
          // A crash only when they ran together is still a failure (LangGraph runs nodes concurrently): each one fails, saying so.
          add(
            test.capability,
            this.failedTest(test, {
              ...ending,
              text: `${ending.text} (while it ran together with ${others(inFlight, test)}; run alone, none of them crashed it)`,
            }),
          );
        } else if (outcome && "result" in outcome) {
          add(test.capability, outcome.result); // found innocent: its own result, run without the culprit
        } else if (outcome) {
          add(
            test.capability,
            this.failedTest(test, {
              ...ending,
              text: `${outcome.crashed.text} (run alone, after the process crashed while ${othersText(inFlight.length - 1)} ran at once)`,
            }),
          );
        } else if (culprits.length === 0) {
          add(test.capability, this.failedTest(test, ending));
        }
        // Else it ran only in a group with the culprit: it is not blamed, and runs again in the fresh child that goes on.
      }
    } else if (position.kind === "creating" || position.kind === "capability") {
      add(position.capability, this.failedTest(position.kind === "creating" ? "factory" : "lifecycle", ending));
    }
    for (const [capability, tests] of failed) {
      const earlier = this.settled.get(capability);
      const current = this.current.get(capability);
      this.settled.set(capability, {
        detected: current?.detected ?? earlier?.detected ?? false,
        tests: [...(current?.tests ?? earlier?.tests ?? []), ...tests],
      });
      if (current) {
        for (const test of tests)
          this.out.onTestResult?.(
            capability,
            test.name,
            test.status === "passed",
            test.status === "failed" ? test.failure.message : undefined,
            test,
          );
      }
    }
    // A capability that ran at once with the crash, between two of its tests: a fresh child goes on after what it finished.
    for (const [capability, current] of this.current) {
      if (!failed.has(capability)) this.settled.set(capability, { detected: current.detected, tests: [...current.tests] });
    }
    this.inFlight.clear();
    this.lastStarted = undefined;
    this.current.clear();
  }

  /** An interrupt: each capability begun keeps the tests it finished; the tests in flight are left to be reported not run. */
  private recordInterrupted(): void {
    for (const [capability, current] of this.current) {
      const earlier = this.settled.get(capability);
      this.settled.set(capability, {
        detected: current.detected,
        tests: [...(current.tests.length > 0 ? current.tests : (earlier?.tests ?? []))],
      });
    }
    this.inFlight.clear();
    this.lastStarted = undefined;
    this.current.clear();
  }

  /** The child's report (with the saver output of each test), merged with what crashed children finished; or, when the run was cut short, the report of what ran. */
  finalReport(ending: Ending | undefined): ConformanceReport {
    const report = this.reportNow(ending);
    // What capabilities that never ended still hold (a run cut short) is shown now.
    this.ordered?.flush();
    return report;
  }

  private reportNow(ending: Ending | undefined): ConformanceReport {
    if (ending || (!this.report && this.crashes.length === 0)) {
      const cut = ending ?? { kind: "crash" as const, text: "the saver's process ended without a report" };
      const position = this.position();
      const where =
        this.stopped && this.whereCut
          ? this.whereCut
          : cut.kind === "interrupted"
            ? describePositionBriefly(position)
            : describePosition(position);
      return this.withNotRunSections(
        this.withOutput(this.cutShort(cut)),
        cut.kind === "interrupted" ? `interrupted during ${where}` : `the run was cut short during ${where}`,
      );
    }
    if (this.crashes.length === 0)
      return this.withNotRunSections(this.withOutput(reportFromJSON(this.report!)), "its process sent no result for it");
    return this.withNotRunSections(
      this.mergedAfterCrashes(),
      `the saver's process ended during the run (${this.crashes.at(-1)}), and no later process ran it`,
    );
  }

  /**
   * Every section the options asked for (the model by default) is in the report: one that did not run is
   * reported as not run, with `reason`, which makes the level INCOMPLETE; never silently missing.
   */
  private withNotRunSections(report: ConformanceReport, reason: string): ConformanceReport {
    for (const key of this.plan?.sections ?? []) {
      if (!report.sections.some((section) => section.key === key)) report.sections.push(notRunSection(key, reason));
    }
    return report;
  }

  private mergedAfterCrashes(): ConformanceReport {
    const last = this.report ? reportFromJSON(this.report) : undefined;
    return this.withOutput(
      new ConformanceReport({
        subjectName: this.subjectName,
        ...(this.subjectKind ? { subjectKind: this.subjectKind } : {}),
        results: { ...last?.results, ...this.resultsWithFirstPlan() },
        errors: last?.errors ?? [],
        durationMs: performance.now() - this.startedAt,
        sections: last?.sections ?? [],
        profile: last?.profile ?? this.plan?.profile,
        specTests: this.plan?.catalog ?? {},
        ...(this.sharded ?? {}),
      }),
    );
  }

  /** The results so far, with the capabilities no child reached reported as the first child planned them. */
  private resultsWithFirstPlan(): Partial<Record<CapabilityId, CapabilityResult>> {
    for (const skip of this.plan?.skipped ?? []) {
      if (this.results[skip.capability]) continue;
      this.out.onCapabilityStart?.(skip.capability, false);
      this.finish({
        ...base(skip.capability, this.kindOf(skip.capability)),
        status: "skipped",
        reason: skip.reason,
        ...(skip.excluded ? { excluded: true } : {}),
      });
    }
    return this.results;
  }

  private cutShort(ending: Ending): ConformanceReport {
    const position = this.position();
    const interrupted = ending.kind === "interrupted";
    const where =
      this.stopped && this.whereCut ? this.whereCut : interrupted ? describePositionBriefly(position) : describePosition(position);
    // Interrupted: the tests in flight did not finish, which is no fault of the saver's: not run, never failed.
    if (interrupted) this.recordInterrupted();
    else if (!this.stopped) this.recordEnding(position, ending);
    const notRunReason = interrupted
      ? NOT_RUN_INTERRUPTED
      : this.stopped
        ? `not run: ${this.stopped}`
        : `not run: the run was cut short during ${where}`;
    const results: Partial<Record<CapabilityId, CapabilityResult>> = { ...this.results };
    let notRun = 0;
    const remaining = (capability: CapabilityId, done: readonly TestResult[]): TestResult[] => {
      const tests = this.plannedOf(capability)
        .filter((t) => !done.some((d) => d.name === t.name))
        .map((t): TestResult => ({ ...t, status: "skipped", reason: notRunReason }));
      notRun += tests.filter((t) => !t.advisory).length;
      return tests;
    };
    for (const { id: capability, kind } of kindDescriptor(this.subjectKind).capabilities) {
      const id = capability as CapabilityId;
      if (results[id] !== undefined) continue;
      const earlier = this.settled.get(id);
      if (earlier && interrupted) {
        // Begun, not completed: failed when a test it finished failed, else not completed (never a pass, never counted).
        const tests = [...earlier.tests, ...remaining(id, earlier.tests)];
        const failed = tests.some(isCountedFailure);
        results[id] = failed
          ? crashedIn({ ...base(id, kind), status: "failed" }, earlier.detected, tests)
          : ({
              ...base(id, kind),
              detected: earlier.detected,
              status: "skipped",
              reason: `not completed (interrupted): ${earlier.tests.length} of its tests had finished`,
              interrupted: true,
              tests,
            } as CapabilityResult);
        this.out.onCapabilityEnd?.(id, results[id]!);
      } else if (earlier) {
        results[id] = crashedIn({ ...base(id, kind), status: "failed" }, earlier.detected, [
          ...earlier.tests,
          ...remaining(id, earlier.tests),
        ]);
        this.out.onCapabilityEnd?.(id, results[id]!);
      } else if (this.plan?.capabilities.some((p) => p.capability === id) || !this.started) {
        results[id] = { ...base(id, kind), status: "skipped", reason: notRunReason, tests: remaining(id, []) };
      }
    }
    const summary = [
      ending.text,
      ...(this.stopped ? [this.stopped] : []),
      ...(notRun > 0 ? [`${notRun} ${notRun === 1 ? "test" : "tests"} not run`] : []),
    ].join("; ");
    return new ConformanceReport({
      subjectName: this.subjectName,
      ...(this.subjectKind ? { subjectKind: this.subjectKind } : {}),
      results,
      errors: [],
      durationMs: performance.now() - this.startedAt,
      sections: [
        staticSection({
          key: "supervision",
          lines: [
            ending.kind === "interrupted" ? "INTERRUPTED" : "RUN CUT SHORT (the saver's process ended before the run did)",
            `  ${summary}.`,
          ],
          // Interrupted: not a failure of the saver's (what did not run did not fail); the level says INTERRUPTED.
          passed: interrupted ? null : false,
          ...(interrupted ? { summary: "interrupted" } : {}),
          ...(ending.kind === "interrupted" ? { incomplete: "interrupted" as const } : {}),
          json: {
            cut_short: true,
            interrupted: ending.kind === "interrupted",
            outcome: ending.kind,
            message: ending.text,
            during: where,
            tests_not_run: notRun,
            ...(this.crashes.length > 0 ? { crashes: this.crashes } : {}),
          },
        }),
      ],
      ...(this.plan ? { profile: this.plan.profile } : {}),
      specTests: this.plan?.catalog ?? {},
      ...(this.sharded ?? {}),
    });
  }

  /** A capability's tests in the order the first child planned them (a test run again after a crash comes back later); unplanned ones last. */
  private inPlanOrder(capability: CapabilityId, tests: readonly TestResult[]): TestResult[] {
    const planned = this.plannedOf(capability).map((t) => t.name);
    const at = (t: TestResult) => (planned.includes(t.name) ? planned.indexOf(t.name) : planned.length);
    return [...tests].sort((a, b) => at(a) - at(b));
  }

  private plannedOf(capability: CapabilityId) {
    return this.plan?.capabilities.find((p) => p.capability === capability)?.tests ?? [];
  }

  private kindOf(capability: CapabilityId): CapabilityResult["kind"] {
    return kindDescriptor(this.subjectKind).capabilities.find((c) => c.id === capability)!.kind;
  }

  /**
   * A test (or lifecycle step) in flight, failed with how the process ended. Never
   * advisory, even in an advisory test: what failed is the saver's process, not the clause.
   */
  private failedTest(test: TestRef | "factory" | "lifecycle", ending: Ending): TestResult {
    const planned = typeof test === "string" ? undefined : this.plannedOf(test.capability).find((t) => t.name === test.name);
    return {
      name: typeof test === "string" ? test : test.name,
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

/**
 * A capability a crash went through, with every test it finished: failed when
 * the crashed test is among them (a counted failure), else as `result` says
 * (a capability that ran at once with another one's crash).
 */
function crashedIn(result: CapabilityResult, detected: boolean, tests: TestResult[]): CapabilityResult {
  const status = tests.some(isCountedFailure) ? "failed" : result.status;
  return {
    capability: result.capability,
    kind: result.kind,
    durationMs: result.durationMs,
    inherited: result.inherited,
    detected: detected || result.detected,
    status,
    tests,
  } as CapabilityResult;
}

function base(capability: CapabilityId, kind: CapabilityResult["kind"]) {
  return { capability, kind, inherited: false, detected: false, durationMs: 0, tests: [] as TestResult[] };
}

function othersText(n: number): string {
  return n === 1 ? "1 other test" : `${n} other tests`;
}

function others(inFlight: readonly TestRef[], test: TestRef): string {
  return inFlight
    .filter((t) => t !== test)
    .map((t) => `${t.capability} › ${t.name}`)
    .join(", ");
}

/** The reason of a test an interrupt left unrun: the same short words for each (where it was is said once, in the supervision section). */
export const NOT_RUN_INTERRUPTED = "not run (interrupted)";

/** Most tests in flight named where a position is said once per report (an interrupt): the rest are counted. */
const NAMED_TESTS = 3;

/** `describePosition`, naming at most NAMED_TESTS of the tests in flight ("put › a, put › b, list › c (+61 more in flight)"). */
export function describePositionBriefly(position: Position): string {
  if (position.kind !== "tests" || position.tests.length <= NAMED_TESTS) return describePosition(position);
  const named = position.tests
    .slice(0, NAMED_TESTS)
    .map((t) => `${t.capability} › ${t.name}`)
    .join(", ");
  return `${named} (+${position.tests.length - NAMED_TESTS} more in flight)`;
}

export function describePosition(position: Position): string {
  switch (position.kind) {
    case "loading":
      return "loading the module (or the lifespan's setup)";
    case "test":
      return `${position.capability} › ${position.name}`;
    case "tests":
      return position.tests.map((t) => `${t.capability} › ${t.name}`).join(", ");
    case "capability":
      return position.after ? `${position.capability} (after ${position.after})` : `${position.capability} (before its first test)`;
    case "creating":
      return `${position.capability} (creating its saver)`;
    case "after-capabilities":
      return "the end of the run (graph/model sections or the lifespan's teardown)";
  }
}

export function testKey(capability: CapabilityId, name: string): string {
  return `${capability}\u0000${name}`;
}
