import { checkAvailability } from "../backends/select.js";
import { SharedResources } from "../backends/shared-resources.js";
import { removeLeftoversOnce } from "../cleanup/index.js";
import type { BackendResources, MatrixBackend } from "../backends/types.js";
import { validate, type ValidateOptions } from "../engine/validate.js";
import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";

/** @public */
export interface MatrixOptions {
  /** Passed to every `validate()` (capabilities, timeouts, graph, model, ...). */
  validate?: ValidateOptions;
  /** Resources to share instead of starting them (a running PostgreSQL server). */
  resources?: BackendResources;
  /**
   * The run's shared servers, started here when a backend first needs them
   * and left running for the caller, who releases them (npm start hands the
   * savers' PostgreSQL on to the product table). Default: this run's own, stopped at its end.
   */
  shared?: SharedResources;
  /** Called before each backend runs (or is skipped), and after. */
  onBackendStart?(backend: MatrixBackend): void;
  onBackendEnd?(outcome: BackendOutcome): void;
}

/**
 * Runs the full suite on each backend, one after another, and returns one
 * outcome per backend: backends that cannot run here are `skipped` with the
 * reason, never left out. The postgres backends share one server, started once
 * (embedded, or `POSTGRES_URL`) and stopped at the end on every path.
 * @public
 */
export async function runMatrix(backends: readonly MatrixBackend[], options: MatrixOptions = {}): Promise<MatrixResult> {
  const started = performance.now();
  await removeLeftoversOnce();
  const checked = await checkAvailability(backends);
  const outcomes: BackendOutcome[] = [];
  const result: MatrixResult = { outcomes, durationMs: 0, ...(backends[0]?.kind ? { subjectKind: backends[0].kind } : {}) };
  const shared = options.shared ?? new SharedResources(options.resources);

  try {
    for (const { backend, availability } of checked) {
      options.onBackendStart?.(backend);
      const outcome: BackendOutcome = availability.ok
        ? await runOne(backend, await shared.prepare(backend), shared.resources, options.validate)
        : {
            status: "skipped",
            id: backend.id,
            title: backend.title,
            reason: availability.reason,
            ...(availability.noServer ? { noServer: true as const } : {}),
          };
      outcomes.push(outcome);
      options.onBackendEnd?.(outcome);
    }
  } finally {
    if (!options.shared) await shared.release();
  }
  // Only a matrix whose backends used it shows the server (npm start's cache table shares the savers' but needs none).
  if (shared.postgres && checked.some(({ backend, availability }) => availability.ok && backend.uses !== undefined))
    result.postgres = shared.postgres;
  result.durationMs = performance.now() - started;
  return result;
}

async function runOne(
  backend: MatrixBackend,
  blocked: string | undefined,
  resources: BackendResources,
  validateOptions: ValidateOptions | undefined,
): Promise<BackendOutcome> {
  const started = performance.now();
  if (blocked) return { status: "error", id: backend.id, title: backend.title, error: blocked, durationMs: 0 };
  try {
    const report = await validate(backend.registration(resources), validateOptions);
    return { status: "ran", id: backend.id, title: backend.title, report, durationMs: performance.now() - started };
  } catch (error) {
    return {
      status: "error",
      id: backend.id,
      title: backend.title,
      error: (error as Error).message,
      durationMs: performance.now() - started,
    };
  }
}
