import { checkAvailability } from "../backends/select.js";
import { SharedResources } from "../backends/shared-resources.js";
import { removeLeftoversOnce } from "../cleanup/index.js";
import type { Backend } from "../backends/types.js";
import { benchmarkSaver, type ThroughputOptions, type ThroughputResult } from "./throughput.js";

/** One backend's throughput run. @public */
export type BenchOutcome =
  | { status: "ran"; id: string; result: ThroughputResult }
  /** The backend cannot run here; `reason` says why. */
  | { status: "skipped"; id: string; reason: string }
  /** It should have run but its server, factory or a call failed. */
  | { status: "error"; id: string; error: string };

/** @public */
export interface BenchmarkBackendsOptions extends ThroughputOptions {
  /** Called before each backend that can run here is measured. */
  onBackendStart?(backend: Backend): void;
  onBackendEnd?(outcome: BenchOutcome): void;
}

/**
 * `benchmarkSaver` on each backend in turn (never in parallel: they would
 * slow each other down). Backends that cannot run here are skipped with the
 * reason; the postgres variants share one server, stopped at the end.
 * @public
 */
export async function benchmarkBackends(backends: readonly Backend[], options: BenchmarkBackendsOptions = {}): Promise<BenchOutcome[]> {
  await removeLeftoversOnce();
  const checked = await checkAvailability(backends);
  const shared = new SharedResources();
  const outcomes: BenchOutcome[] = [];
  try {
    for (const { backend, availability } of checked) {
      if (availability.ok) options.onBackendStart?.(backend);
      const outcome = availability.ok
        ? await measure(backend, shared, options)
        : { status: "skipped" as const, id: backend.id, reason: availability.reason };
      outcomes.push(outcome);
      options.onBackendEnd?.(outcome);
    }
  } finally {
    await shared.release();
  }
  return outcomes;
}

async function measure(backend: Backend, shared: SharedResources, options: ThroughputOptions): Promise<BenchOutcome> {
  const blocked = await shared.prepare(backend);
  if (blocked !== undefined) return { status: "error", id: backend.id, error: blocked };
  try {
    const result = await benchmarkSaver(backend.registration(shared.resources), options);
    // Name the column after the backend, as the matrix does, so variants of one saver class stay apart.
    return { status: "ran", id: backend.id, result: { ...result, name: backend.id } };
  } catch (error) {
    return { status: "error", id: backend.id, error: error instanceof Error ? error.message : String(error) };
  }
}
