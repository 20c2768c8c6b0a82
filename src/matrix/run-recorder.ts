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
  /** The backends running now, by id: one per watched run (npm start runs the server backends in another process at once). */
  private readonly running = new Map<string, Running>();
  private readonly started = performance.now();

  constructor(private readonly backends: readonly MatrixBackend[]) {}

  /**
   * `options` with recording callbacks around its own, for one run of backends
   * one after another (watch each run that goes on at the same time apart);
   * after an interruption the run's callbacks stay silent (the partial report has been written).
   */
  watch(options: MatrixOptions): MatrixOptions {
    const progress = silencedOnInterrupt(options.validate?.progress ?? {});
    let current: Running | undefined;
    return {
      ...options,
      validate: {
        ...options.validate,
        progress: {
          ...progress,
          onTestResult: (capability, name, passed, error, result) => {
            if (interruptedBy() || !current) return;
            current.testsRun++;
            if (isCountedFailure(result)) current.testsFailed++;
            progress.onTestResult?.(capability, name, passed, error, result);
          },
        },
      },
      onBackendStart: (backend) => {
        if (interruptedBy()) return;
        current = { backend, testsRun: 0, testsFailed: 0 };
        this.running.set(backend.id, current);
        options.onBackendStart?.(backend);
      },
      onBackendEnd: (outcome) => {
        if (interruptedBy()) return;
        this.running.delete(outcome.id);
        current = undefined;
        this.outcomes.push(outcome);
        options.onBackendEnd?.(outcome);
      },
    };
  }

  /** The partial result: the finished backends in the matrix's order, marked as interrupted by `signal`. */
  interrupted(signal: string): MatrixResult {
    const finished = new Set(this.outcomes.map((o) => o.id));
    const order = this.backends.map((b) => b.id);
    const running = this.backends.flatMap((b) => this.running.get(b.id) ?? []);
    const [first, ...others] = running;
    return {
      outcomes: [...this.outcomes].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id)),
      durationMs: performance.now() - this.started,
      interrupted: {
        signal,
        during: first && { id: first.backend.id, title: first.backend.title, testsRun: first.testsRun, testsFailed: first.testsFailed },
        ...(others.length > 0 ? { alsoRunning: others.map((r) => r.backend.id) } : {}),
        notRun: this.backends.filter((b) => !finished.has(b.id) && !this.running.has(b.id)).map((b) => b.id),
      },
    };
  }
}

interface Running {
  backend: MatrixBackend;
  testsRun: number;
  testsFailed: number;
}

function silencedOnInterrupt(hooks: ProgressHooks): ProgressHooks {
  const silenced: ProgressHooks = {};
  for (const key of ["onRunStart", "onCapabilityStart", "onTestResult", "onCapabilityEnd", "onRunEnd"] as const) {
    const hook = hooks[key] as ((...args: unknown[]) => void) | undefined;
    if (hook) (silenced as Record<string, unknown>)[key] = (...args: unknown[]) => (interruptedBy() ? undefined : hook.apply(hooks, args));
  }
  return silenced;
}
