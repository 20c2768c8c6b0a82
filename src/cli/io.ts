import type { ProgressStream } from "./progress-line.js";

/** The CLI's streams, environment and working directory (the process's own, or a test's). */
export interface CliIo {
  stdout: ProgressStream;
  stderr: ProgressStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}
