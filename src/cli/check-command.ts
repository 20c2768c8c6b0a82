import { baseOnlyOf, verdictExit } from "./verdict-exit.js";
import { CliUsageError } from "../util/usage-error.js";
import type { CliOptions } from "./options.js";
import type { CliIo } from "./io.js";
import { ReportOutputs } from "./outputs.js";
import type { ValidateOptions } from "../run/options.js";
import { subjectFile } from "./subject-file.js";
import { interruptExitCode } from "../cleanup/signals.js";
import { runSupervised } from "../supervisor/run-supervised.js";
import { saverOutputSink } from "../supervisor/saver-output.js";

/** Thrown for a setup failure the child reported (exit 1, one line). */
export class SupervisedSetupError extends Error {
  override readonly name = "SupervisedSetupError";
}

/**
 * The CLI's check of one saver, supervised: the module and the saver run in a
 * child process; this process renders every reporter and decides the exit
 * code. Returns the exit code; throws CliUsageError/SupervisedSetupError for one-line failures.
 */
export async function runSupervisedCheck(
  module: string,
  options: CliOptions,
  validateOptions: ValidateOptions,
  io: CliIo,
): Promise<number> {
  const outputs = new ReportOutputs(options.reporter, options.output, io, subjectFile(module, io));
  const { progress: _progress, capabilities, grep, ...rest } = validateOptions;
  const outcome = await runSupervised({
    request: {
      module,
      exportName: options.export,
      cwd: io.cwd,
      options: { ...rest, ...(capabilities ? { capabilities: [...capabilities] } : {}), ...(typeof grep === "string" ? { grep } : {}) },
    },
    env: io.env,
    hooks: outputs.reporterHooks(),
    liveHooks: outputs.liveHooks(),
    showOutput: saverOutputSink(outputs.humanStream()),
  });
  if (outcome.kind === "usage-error") throw new CliUsageError(outcome.message);
  if (outcome.kind !== "report") throw new SupervisedSetupError(outcome.message);
  outputs.hooks().onRunEnd?.(outcome.report);
  outputs.finish(outcome.report);
  if (outcome.interrupted) return interruptExitCode(outcome.interrupted);
  return verdictExit(outcome.report, baseOnlyOf(options), io);
}
