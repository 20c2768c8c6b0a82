import type { MatrixBackend } from "../backends/types.js";
import { interruptedBy } from "../cleanup/index.js";
import type { ProgressHooks } from "../run/progress.js";
import { isCountedFailure } from "../report/conformance-report.js";
import type { MatrixOptions } from "./run-matrix.js";
import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";

/**
 * Follows a matrix run through its callbacks, so that when Ctrl-C or SIGTERM
 * ends it early, what already ran can still be reported: the backends that
 * finished, and how far the running one got.
 */
export class MatrixRunRecorder {
  private readonly outcomes: BackendOutcome[] = [];
  private running?: { backend: MatrixBackend; testsRun: number; testsFailed: number };
  private readonly started = performance.now();

  constructor(private readonly backends: readonly MatrixBackend[]) {}

  /** `options` with recording callbacks around its own; after an interruption the run's callbacks stay silent (the partial report has been written). */
  watch(options: MatrixOptions): MatrixOptions {
    const progress = silencedOnInterrupt(options.validate?.progress ?? {});
    return {
      ...options,
      validate: {
        ...options.validate,
        progress: {
          ...progress,
          onTestResult: (capability, name, passed, error, result) => {
            if (interruptedBy() || !this.running) return;
            this.running.testsRun++;
            if (isCountedFailure(result)) this.running.testsFailed++;
            progress.onTestResult?.(capability, name, passed, error, result);
          },
        },
      },
      onBackendStart: (backend) => {
        if (interruptedBy()) return;
        this.running = { backend, testsRun: 0, testsFailed: 0 };
        options.onBackendStart?.(backend);
      },
      onBackendEnd: (outcome) => {
        if (interruptedBy()) return;
        this.running = undefined;
        this.outcomes.push(outcome);
        options.onBackendEnd?.(outcome);
      },
    };
  }

  /** The partial result: the finished backends, marked as interrupted by `signal`. */
  interrupted(signal: string): MatrixResult {
    const finished = new Set(this.outcomes.map((o) => o.id));
    const running = this.running;
    return {
      outcomes: [...this.outcomes],
      durationMs: performance.now() - this.started,
      interrupted: {
        signal,
        during: running && { id: running.backend.id, title: running.backend.title, testsRun: running.testsRun, testsFailed: running.testsFailed },
        notRun: this.backends.filter((b) => !finished.has(b.id) && b.id !== running?.backend.id).map((b) => b.id),
      },
    };
  }
}

function silencedOnInterrupt(hooks: ProgressHooks): ProgressHooks {
  const silenced: ProgressHooks = {};
  for (const key of ["onRunStart", "onCapabilityStart", "onTestResult", "onCapabilityEnd", "onRunEnd"] as const) {
    const hook = hooks[key] as ((...args: unknown[]) => void) | undefined;
    if (hook) (silenced as Record<string, unknown>)[key] = (...args: unknown[]) => interruptedBy() ? undefined : hook.apply(hooks, args);
  }
  return silenced;
}
