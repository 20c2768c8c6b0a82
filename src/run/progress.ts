import { kindDescriptor, type CapabilityId, type SubjectKindId } from "../kinds/descriptors.js";
import type { CapabilityResult, ConformanceReport, TestResult } from "../report/conformance-report.js";
import { attemptsLabel } from "../report/results.js";
import { errorText } from "../util/describe-value.js";

/**
 * Hooks the runner calls as it goes; every hook is optional. The first three
 * keep Python's signatures; the others carry the full result objects.
 * @public
 */
export interface ProgressHooks {
  /**
   * `subjectName` is the subject's name, whatever its kind (`subjectKind`; absent: a checkpointer);
   * `checkpointerName` is the same name under its first field name, kept for hooks written against it.
   */
  onRunStart?(info: {
    subjectName: string /** @deprecated use `subjectName` */;
    checkpointerName: string;
    subjectKind?: SubjectKindId;
    capabilities: readonly CapabilityId[];
  }): void;
  onCapabilityStart?(capability: CapabilityId, detected: boolean): void;
  /** A spec test is about to run (the supervised CLI names the test in flight when the saver's process dies). */
  onTestStart?(capability: CapabilityId, testName: string): void;
  onTestResult?(capability: CapabilityId, testName: string, passed: boolean, error: string | undefined, result: TestResult): void;
  onCapabilityEnd?(capability: CapabilityId, result: CapabilityResult): void;
  onRunEnd?(report: ConformanceReport): void;
}

/**
 * Every progress hook by name, and when it is called: "during" the run (the
 * supervised child forwards each call to the parent as it happens, see
 * `forwardingHooks`), or once at the "end" with the final report (by whoever
 * holds it). A hook added to ProgressHooks must be added here (the type says so);
 * nothing else lists them.
 */
export const PROGRESS_HOOKS = {
  onRunStart: "during",
  onCapabilityStart: "during",
  onTestStart: "during",
  onTestResult: "during",
  onCapabilityEnd: "during",
  onRunEnd: "end",
} as const satisfies Record<keyof ProgressHooks, "during" | "end">;

/** The hooks called as the run goes. */
export type StreamedHookName = {
  [K in keyof ProgressHooks]-?: (typeof PROGRESS_HOOKS)[K] extends "during" ? K : never;
}[keyof ProgressHooks];

/** One call of a streamed hook: its name and its arguments (plain data: they cross a process boundary as JSON). */
export type HookCall = { [K in StreamedHookName]: { name: K; args: Parameters<Required<ProgressHooks>[K]> } }[StreamedHookName];

/** Hooks that hand every call of a streamed hook to `forward`. */
export function forwardingHooks(forward: (call: HookCall) => void): ProgressHooks {
  const hooks: Record<string, (...args: unknown[]) => void> = {};
  for (const [name, when] of Object.entries(PROGRESS_HOOKS)) {
    if (when === "during") hooks[name] = (...args) => forward({ name, args } as HookCall);
  }
  return hooks as ProgressHooks;
}

/** A hook that threw (or returned a promise that rejected): its name, the error, and whose hooks they were. */
export interface HookFailure {
  hook: keyof ProgressHooks;
  error: unknown;
  /** Whose hooks: `the progress hooks given to validate()`, `the junit reporter`. */
  owner: string;
}

/**
 * `hooks` with every call guarded: a hook that throws, or whose returned
 * promise rejects, is the hooks' error, never the saver's (it would otherwise
 * surface inside a spec test, or as the saver's unhandled rejection). It is
 * told to `onFailure` once, and the set is not called again (a reporter whose
 * state broke only fails again); the run goes on to its end and cleans up.
 */
export function guardHooks(hooks: ProgressHooks, owner: string, onFailure: (failure: HookFailure) => void): ProgressHooks {
  let failed = false;
  const fail = (hook: keyof ProgressHooks, error: unknown) => {
    if (failed) return;
    failed = true;
    onFailure({ hook, error, owner });
  };
  const guarded: Record<string, (...args: unknown[]) => void> = {};
  for (const name of Object.keys(PROGRESS_HOOKS) as (keyof ProgressHooks)[]) {
    guarded[name] = (...args) => {
      const hook = hooks[name] as ((...a: unknown[]) => unknown) | undefined;
      if (failed || hook === undefined) return;
      try {
        const returned = hook.apply(hooks, args);
        if (isThenable(returned)) returned.then(undefined, (error: unknown) => fail(name, error));
      } catch (error) {
        fail(name, error);
      }
    };
  }
  return guarded as ProgressHooks;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function"
  );
}

/**
 * A progress hook given to `validate()` threw: an error of the hooks, not of
 * the subject. The run went on to its end and cleaned up; its report is here.
 * @public
 */
export class ProgressHookError extends Error {
  override readonly name = "ProgressHookError";
  readonly hook: keyof ProgressHooks;
  /** The run's report: the subject's results, unaffected by the hook. */
  readonly report: ConformanceReport;
  constructor(failure: HookFailure, report: ConformanceReport) {
    super(
      `${hookFailureText(failure)}; this is an error of the hooks, not of the ${kindDescriptor(report.subjectKind).noun}: the run went on to its end and cleaned up (the report is this error's \`report\`)`,
      { cause: failure.error },
    );
    this.hook = failure.hook;
    this.report = report;
  }
}

/** `the progress hooks given to validate(): onTestResult threw: Error: boom`. */
export function hookFailureText(failure: HookFailure): string {
  return `${failure.owner}: ${failure.hook} threw: ${errorText(failure.error)}`;
}

/** One set of hooks that calls each hook of every set in `all`, in order (guard each set with guardHooks so that none throws). */
export function fanOutHooks(all: readonly ProgressHooks[]): ProgressHooks {
  const hooks: Record<string, (...args: unknown[]) => void> = {};
  for (const name of Object.keys(PROGRESS_HOOKS) as (keyof ProgressHooks)[]) {
    hooks[name] = (...args) => {
      for (const set of all) (set[name] as ((...a: unknown[]) => void) | undefined)?.apply(set, args);
    };
  }
  return hooks as ProgressHooks;
}

/** Calls the hook a forwarded call names, if `hooks` has it. */
export function replayHook(hooks: ProgressHooks, call: HookCall): void {
  (hooks[call.name] as ((...args: unknown[]) => void) | undefined)?.call(hooks, ...call.args);
}

type Write = (text: string) => void;

const stdoutWrite: Write = (text) => {
  process.stdout.write(text);
};

/**
 * Progress output presets, as in Python: `default()` prints dots, `verbose()`
 * test names and errors, `quiet()` nothing. `new ProgressCallbacks({...})` for custom hooks.
 * @public
 */
export class ProgressCallbacks implements ProgressHooks {
  // NonNullable: under exactOptionalPropertyTypes (tsc --init turns it on) a field typed `hook | undefined` does not fit ProgressHooks' optional hooks.
  onRunStart?: NonNullable<ProgressHooks["onRunStart"]>;
  onCapabilityStart?: NonNullable<ProgressHooks["onCapabilityStart"]>;
  onTestStart?: NonNullable<ProgressHooks["onTestStart"]>;
  onTestResult?: NonNullable<ProgressHooks["onTestResult"]>;
  onCapabilityEnd?: NonNullable<ProgressHooks["onCapabilityEnd"]>;
  onRunEnd?: NonNullable<ProgressHooks["onRunEnd"]>;

  constructor(hooks: ProgressHooks = {}) {
    Object.assign(this, hooks);
  }

  /** `.` per passed test, `F` per failed one, written as they happen. */
  static default(write: Write = stdoutWrite): ProgressCallbacks {
    return new ProgressCallbacks({
      onCapabilityStart(capability, detected) {
        write(detected ? `  ${capability}: ` : `  ⊘ ${capability} (not run)\n`);
      },
      onTestResult(_capability, _name, passed, _error, result) {
        write(result.status === "skipped" ? "s" : passed ? "." : result.advisory ? "a" : result.deviation !== undefined ? "d" : "F");
      },
      onCapabilityEnd(_capability, result) {
        if (result.status === "passed" || result.status === "failed") write("\n");
      },
    });
  }

  /** One line per test, with the error under a failed one. */
  static verbose(write: Write = stdoutWrite): ProgressCallbacks {
    return new ProgressCallbacks({
      onCapabilityStart(capability, detected) {
        write(detected ? `  ${capability}:\n` : `  ⊘ ${capability} (not run)\n`);
      },
      onTestResult(_capability, name, passed, error, result) {
        const deviation = result.status === "failed" && result.deviation !== undefined;
        const icon = result.status === "skipped" ? "-" : passed ? "✓" : result.advisory ? "⚠" : deviation ? "⚑" : "✗";
        const ids = result.ids.length > 0 ? ` [${result.ids.join(", ")}]` : "";
        const note =
          result.status === "skipped"
            ? result.precondition
              ? ` (${result.reason})`
              : ` (skipped: ${result.reason})`
            : result.advisory
              ? " (advisory)"
              : deviation
                ? ` (known deviation: ${result.deviation})`
                : attemptsLabel(result) !== ""
                  ? ` (${attemptsLabel(result)})`
                  : "";
        write(`    ${icon} ${name}${ids}${note}\n`);
        if (error) for (const line of error.trimEnd().split("\n")) write(`      ${line}\n`);
      },
    });
  }

  /** No output. */
  static quiet(): ProgressCallbacks {
    return new ProgressCallbacks();
  }
}
