/** Longest detail line shown per note: the block stays one screen, the CLI's report has the whole message. */
const MAX_DETAIL = 200;

/**
 * What passing tests have to say (an advisory failure, a declared deviation
 * that occurred, a flaky pass; under jest, a test it could not skip), kept for
 * one block at the end of the suite. A console.warn per test is, in jest, a
 * block with a stack each: hundreds of lines for a run that passed.
 */
export class SuiteNotes {
  private readonly notes: string[] = [];
  private readonly notRun = new Map<string, number>();

  /** A passing test's note: its first line names the test, the next one says what happened. */
  note(message: string): void {
    this.notes.push(message);
  }

  /** A test the runner could not skip, so it passed without running. */
  notRunTest(reason: string): void {
    this.notRun.set(reason, (this.notRun.get(reason) ?? 0) + 1);
  }

  /** The block for stderr, or undefined when no test had anything to say. */
  block(suiteTitle: string): string | undefined {
    if (this.notes.length === 0 && this.notRun.size === 0) return undefined;
    const lines = [
      `checkpoint-conformance: ${suiteTitle}: notes from passing tests (none fails the run; the CLI's report has each in full)`,
    ];
    for (const message of this.notes) {
      const [heading, ...rest] = message.split("\n");
      lines.push(`  ${heading}`);
      const detail = rest.find((line) => line.trim() !== "")?.trim();
      if (detail) lines.push(`      ${detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail}`);
    }
    for (const [reason, count] of this.notRun) {
      lines.push(`  not run: ${reason} (${count} test${count === 1 ? "" : "s"} shown as passed: this runner cannot skip a running test)`);
    }
    return `${lines.join("\n")}\n`;
  }
}
