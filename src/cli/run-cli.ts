import { isRegisteredCheckpointer, subjectKindOf } from "../registration.js";
import { kindDescriptor } from "../kinds/descriptors.js";
import { ConformanceUsageError } from "../registration.js";
import { errorText } from "../util/describe-value.js";
import { parseCliArgs } from "./args.js";
import { helpText } from "./help.js";
import { loadRegistration } from "../loader/load.js";
import { SUITE_VERSION } from "../engine/version.js";
import { cliMode, rejectConformanceOptions } from "./modes.js";
import { toValidateOptions } from "./options.js";
import type { CliIo } from "./io.js";
import { ReportOutputs } from "./outputs.js";
import { checkOutputPaths } from "./output-paths.js";
import { subjectFile } from "./subject-file.js";
import { CliUsageError } from "../util/usage-error.js";
import { baseOnlyOf, verdictExit } from "./verdict-exit.js";
import { failingEarlyExit } from "./early-exit.js";
import { requireGraphPackageIfAsked } from "./graph-package.js";

/** Exit codes: 0 the level asked for passed, 1 it did not (or the run could not start), 2 bad usage or an error of the tool itself. */
export const EXIT = { passed: 0, failed: 1, usage: 2, tool: 2 } as const;

/** The whole CLI, with its I/O passed in; returns the exit code and never throws. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    if (argv[0] === "merge") {
      const { runMergeCommand } = await import("./merge-command.js");
      return await runMergeCommand(argv.slice(1), io);
    }
    const { module, options } = parseCliArgs(argv);
    if (options.help) return print(io, helpText(SUITE_VERSION), EXIT.passed);
    if (options.version) return print(io, `${SUITE_VERSION}\n`, EXIT.passed);
    const validateOptions = toValidateOptions(options);
    baseOnlyOf(options); // --strict with --base-only is bad usage, said before anything runs
    if (options.list) {
      // The list, bench and matrix modes load their code on demand: a plain run starts faster.
      const { listGraphScenarios, listSpecTests } = await import("./list.js");
      const specTests = listSpecTests(validateOptions);
      const graph = validateOptions.graph;
      const scenarios = graph ? `\n${listGraphScenarios(graph === true ? undefined : graph.scenarios)}` : "";
      return print(io, `${specTests}${scenarios}`, EXIT.passed);
    }
    const mode = cliMode(options);
    if (mode === "bench") rejectConformanceOptions(options);
    else await requireGraphPackageIfAsked(options);
    if (mode === "check") checkOutputPaths(options.reporter, options.output, io.cwd);
    if (mode === "check" && module !== undefined && io.env.CONFORMANCE_IN_PROCESS !== "1") {
      // The saver runs in a child process, so nothing it does can change the verdict (docs/supervision.md).
      const { runSupervisedCheck } = await import("./check-command.js");
      return await runSupervisedCheck(module, options, validateOptions, io);
    }
    // From here the saver runs in this process: its process.exit(0) must not end the CLI with a pass.
    return await failingEarlyExit(io.stderr, async () => {
      const loaded = module === undefined ? undefined : await loadRegistration(module, options.export, io.cwd);
      // The bench and the backend matrix measure savers; every kind is checked by validate() below.
      const saverOnly = (flag: string) => {
        if (loaded === undefined || isRegisteredCheckpointer(loaded)) return loaded;
        throw new CliUsageError(
          `${flag} measures savers; ${module} exports a ${kindDescriptor(subjectKindOf(loaded)).noun} registration: run it without ${flag}`,
        );
      };
      if (mode === "bench") {
        const registered = saverOnly("--bench");
        if (!registered && !options.backends)
          throw new CliUsageError("--bench needs a <module> to measure, or --backends LIST (e.g. --bench --backends memory,sqlite)");
        const sizes = options["bench-sizes"];
        const { runBenchCommand } = await import("./bench-command.js");
        return await runBenchCommand(
          {
            registered,
            backends: await loadBackends(options.backends),
            sizes,
            timeoutMs: validateOptions.timeoutMs,
            output: options.output,
          },
          io,
        );
      }
      if (mode === "matrix" && options.backends) {
        const registered = saverOnly("--backends");
        if (options["latest-only"]) {
          throw new CliUsageError(
            '--latest-only does not apply to --backends (the built-in savers keep history); declare your saver\'s profile in its registration: checkpointerTest({ name, profile: "latest-only" }, factory)',
          );
        }
        const { storeAndCacheMatrices } = await import("../backends/subject-matrix.js");
        const storesAndCaches = storeAndCacheMatrices(options.backends, options.backends.includes("all"));
        const command = {
          backends: (await loadBackends(options.backends)) ?? [],
          storesAndCaches,
          registered,
          reporters: options.reporter,
          output: options.output,
          baseOnly: baseOnlyOf(options),
        };
        const { runMatrixCommand } = await import("./matrix-command.js");
        return await runMatrixCommand({ ...command, validate: validateOptions }, io);
      }
      const registered = loaded;
      if (!registered) {
        throw new CliUsageError(
          "missing <module>: pass the file that exports checkpointerTest(...), e.g. checkpoint-conformance ./my-saver.ts (or --backends all for the built-in savers)",
        );
      }
      const outputs = new ReportOutputs(options.reporter, options.output, io, subjectFile(module, io));
      const { validate } = await import("../engine/validate.js");
      const report = await validate(registered, { ...validateOptions, progress: outputs.hooks() });
      outputs.finish(report);
      return verdictExit(report, baseOnlyOf(options), io);
    });
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof ConformanceUsageError) {
      return print(io, `checkpoint-conformance: ${error.message}\n`, EXIT.usage, "stderr");
    }
    // By name: the engine (runner.js) is loaded only by the modes that run it here; a supervised run's setup error comes from its child.
    if (error instanceof Error && (error.name === "ConformanceSetupError" || error.name === "SupervisedSetupError")) {
      return print(io, `checkpoint-conformance: ${error.message}\n`, EXIT.failed, "stderr");
    }
    // A reporter, the progress line or an output that failed (ReportOutputError), a progress hook (ProgressHookError): ours, never the saver's.
    if (error instanceof Error && (error.name === "ReportOutputError" || error.name === "ProgressHookError")) {
      return print(
        io,
        `checkpoint-conformance: an error of checkpoint-conformance itself, not of the saver (please report it): ${error.message}\n`,
        EXIT.tool,
        "stderr",
      );
    }
    return print(io, `checkpoint-conformance: unexpected error (please report it): ${errorText(error)}\n`, EXIT.tool, "stderr");
  }
}

/** The selected built-in backends, loaded only for the modes that run them. */
async function loadBackends(ids: readonly string[] | undefined) {
  if (ids === undefined) return undefined;
  const { BACKENDS } = await import("../backends/index.js");
  return BACKENDS.filter((b) => ids.includes(b.id));
}

function print(io: CliIo, text: string, code: number, stream: "stdout" | "stderr" = "stdout"): number {
  io[stream].write(text);
  return code;
}
