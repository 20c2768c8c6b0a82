import { checkAvailability } from "../backends/select.js";
import { acquirePostgres, type PostgresServer } from "../backends/postgres/server.js";
import type { Backend, BackendResources } from "../backends/types.js";
import { validate, type ValidateOptions } from "../runner.js";
import type { BackendOutcome, MatrixResult } from "./types.js";

/** @public */
export interface MatrixOptions {
  /** Passed to every `validate()` (capabilities, timeouts, graph, model, ...). */
  validate?: ValidateOptions;
  /** Resources to share instead of starting them (a running PostgreSQL server). */
  resources?: BackendResources;
  /** Called before each backend runs (or is skipped), and after. */
  onBackendStart?(backend: Backend): void;
  onBackendEnd?(outcome: BackendOutcome): void;
}

/**
 * Runs the full suite on each backend, one after another, and returns one
 * outcome per backend: backends that cannot run here are `skipped` with the
 * reason, never left out. The postgres backends share one server, started once
 * (embedded, or `POSTGRES_URL`) and stopped at the end on every path.
 * @public
 */
export async function runMatrix(backends: readonly Backend[], options: MatrixOptions = {}): Promise<MatrixResult> {
  const started = performance.now();
  const checked = await checkAvailability(backends);
  const outcomes: BackendOutcome[] = [];
  const result: MatrixResult = { outcomes, durationMs: 0 };
  const resources: BackendResources = { ...options.resources };
  let ownedServer: PostgresServer | undefined;
  let serverFailure: string | undefined;

  try {
    for (const { backend, availability } of checked) {
      options.onBackendStart?.(backend);
      let outcome: BackendOutcome;
      if (!availability.ok) {
        outcome = { status: "skipped", id: backend.id, title: backend.title, reason: availability.reason };
      } else {
        if (backend.uses === "postgres" && !resources.postgres && serverFailure === undefined) {
          const t = performance.now();
          try {
            ownedServer = resources.postgres = await acquirePostgres();
            result.postgres = { kind: ownedServer.kind, startMs: performance.now() - t };
          } catch (error) {
            serverFailure = `the PostgreSQL server could not start: ${(error as Error).message}`;
          }
        }
        outcome = await runOne(backend, backend.uses === "postgres" ? serverFailure : undefined, resources, options.validate);
      }
      outcomes.push(outcome);
      options.onBackendEnd?.(outcome);
    }
  } finally {
    await ownedServer?.stop();
  }
  result.durationMs = performance.now() - started;
  return result;
}

async function runOne(
  backend: Backend,
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
    return { status: "error", id: backend.id, title: backend.title, error: (error as Error).message, durationMs: performance.now() - started };
  }
}
