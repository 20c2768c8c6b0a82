/** Bad command-line usage: exit code 2 and one line naming the problem and the fix. */
export class CliUsageError extends Error {
  override readonly name = "CliUsageError";
}
