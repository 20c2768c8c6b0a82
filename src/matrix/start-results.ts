import { CACHE_BACKENDS } from "../backends/cache/index.js";
import { STORE_BACKENDS } from "../backends/store/index.js";
import { mergeReports } from "../merge/merge-reports.js";
import type { MatrixBackend } from "../backends/types.js";
import type { BackendOutcome, MatrixResult } from "../reporters/matrix/types.js";
import type { ProductMatrixResult } from "./product.js";
import { mergeProductResults } from "./product-merge.js";
import type { MatrixOptions } from "./run-matrix.js";
import {
  columnBackend,
  laneOf,
  productOrder,
  sectionBackends,
  type JobSink,
  type Lane,
  type StartJob,
  type StartProgram,
  type StartSection,
} from "./start-lanes.js";

/** A promise with its resolve, for a result a job delivers later; later resolves are ignored. */
class Pending<T> {
  resolve!: (value: T) => void;
  private settled = false;
  readonly promise = new Promise<T>((resolve) => {
    this.resolve = (value) => {
      if (this.settled) return;
      this.settled = true;
      resolve(value);
    };
  });
}

/** A column as its jobs deliver it: one outcome per shard, merged once all are in. */
interface Column {
  shards: number;
  started: boolean;
  parts: BackendOutcome[];
  matrices: MatrixResult[];
  outcome: Pending<BackendOutcome>;
  matrix: Pending<MatrixResult>;
  watched: MatrixOptions;
}

/**
 * What npm start's jobs deliver, gathered in the user's process so the report
 * comes out in one order whichever process finishes first: each backend's
 * outcome (a sharded column's shard reports merged into one), each section's
 * matrix, the product. `watch` wraps a column's hooks (the savers' recorder:
 * an interrupt reports what finished). A job whose process died resolves as
 * an error saying why (`jobFailed`), so nothing waits forever.
 */
export class StartResults {
  private readonly columns = new Map<string, Column>();
  private readonly products = new Map<Lane, Pending<ProductMatrixResult>>();

  constructor(
    private readonly program: StartProgram,
    jobs: readonly StartJob[],
    watch: (section: StartSection, options: MatrixOptions) => MatrixOptions = (_, options) => options,
  ) {
    for (const job of jobs) {
      if (job.kind === "product") {
        this.products.set(job.lane, new Pending());
        continue;
      }
      const name = key(job.section, job.id);
      const known = this.columns.get(name);
      if (known) {
        known.shards++;
        continue;
      }
      const outcome = new Pending<BackendOutcome>();
      this.columns.set(name, {
        shards: 1,
        started: false,
        parts: [],
        matrices: [],
        outcome,
        matrix: new Pending(),
        watched: watch(job.section, { onBackendEnd: (o) => outcome.resolve(o) }),
      });
    }
  }

  readonly sink: JobSink = {
    column: (job) => {
      const column = this.column(job.section, job.id);
      return {
        onBackendStart: () => {
          if (column.started) return;
          column.started = true;
          column.watched.onBackendStart?.(this.backendOf(job));
        },
        onBackendEnd: (outcome) => {
          column.parts.push(outcome);
          if (column.parts.length === column.shards) column.watched.onBackendEnd?.(mergeShards(column.parts));
        },
        ...(column.watched.validate?.progress ? { progress: column.watched.validate.progress } : {}),
        matrix: (result) => {
          column.matrices.push(result);
          if (column.matrices.length === column.shards)
            // biome-ignore lint/performance/noAccumulatingSpread: a handful of shards
            column.matrix.resolve(column.matrices.reduce((a, b) => ({ ...a, ...b, durationMs: Math.max(a.durationMs, b.durationMs) })));
        },
      };
    },
    product: (lane, result) => this.products.get(lane)?.resolve(result),
  };

  /** A job that will not deliver (its process ended first): its column is an error saying `why`, its product part names what did not run. */
  jobFailed(job: StartJob, why: string): void {
    if (job.kind === "column") {
      const column = this.column(job.section, job.id);
      const backend = this.backendOf(job);
      const outcome: BackendOutcome = { status: "error", id: backend.id, title: backend.title, error: why, durationMs: 0 };
      column.outcome.resolve(outcome);
      column.watched.onBackendEnd?.(outcome);
      column.matrix.resolve({ outcomes: [], durationMs: 0 });
      return;
    }
    const skipped = (kind: ProductMatrixResult["skipped"][number]["kind"], backends: readonly { id: string; uses?: string }[]) =>
      backends.filter((b) => job.lane === "local" || laneOf(b) === job.lane).map((b) => ({ kind, id: b.id, reason: why }));
    this.products.get(job.lane)?.resolve({
      savers: [],
      stores: [],
      caches: [],
      scenarios: [],
      cases: [],
      skipped: [...skipped("checkpointer", this.program.savers), ...skipped("store", STORE_BACKENDS), ...skipped("cache", CACHE_BACKENDS)],
      durationMs: 0,
    });
  }

  /** The backend a column job runs. */
  backendOf(job: { section: StartSection; id: string }): MatrixBackend {
    return columnBackend(this.program, job);
  }

  outcome(section: StartSection, id: string): Promise<BackendOutcome> {
    return this.column(section, id).outcome.promise;
  }

  /** The section's matrix: its outcomes in order, the server it used, the longest column's time (they ran at once). */
  async matrix(section: StartSection): Promise<MatrixResult> {
    const backends = sectionBackends(this.program, section);
    const outcomes = await Promise.all(backends.map((b) => this.outcome(section, b.id)));
    const parts = await Promise.all(backends.map((b) => this.column(section, b.id).matrix.promise));
    const postgres = parts.find((p) => p.postgres)?.postgres;
    const subjectKind = parts.find((p) => p.subjectKind)?.subjectKind;
    return {
      outcomes,
      durationMs: Math.max(0, ...parts.map((p) => p.durationMs)),
      ...(postgres ? { postgres } : {}),
      ...(subjectKind ? { subjectKind } : {}),
    };
  }

  /** The product: every part's cases in one result, as one process would have made it. */
  async product(): Promise<ProductMatrixResult> {
    return mergeProductResults(await Promise.all([...this.products.values()].map((p) => p.promise)), productOrder(this.program));
  }

  private column(section: StartSection, id: string): Column {
    const column = this.columns.get(key(section, id));
    if (!column) throw new Error(`npm start: no job runs ${id} in the ${section} section`);
    return column;
  }
}

/** One outcome from a column's shards: their reports merged (as `checkpoint-conformance merge` does), else the first that did not run. */
function mergeShards(parts: readonly BackendOutcome[]): BackendOutcome {
  if (parts.length === 1) return parts[0]!;
  const notRun = parts.find((p) => p.status !== "ran");
  if (notRun) return notRun;
  const ran = parts as Extract<BackendOutcome, { status: "ran" }>[];
  const durationMs = Math.max(...ran.map((p) => p.durationMs));
  try {
    return { ...ran[0]!, report: mergeReports(ran.map((p) => p.report)), durationMs };
  } catch (error) {
    return {
      status: "error",
      id: ran[0]!.id,
      title: ran[0]!.title,
      error: `its shards' reports could not be merged: ${(error as Error).message}`,
      durationMs,
    };
  }
}

function key(section: StartSection, id: string): string {
  return `${section}\u0000${id}`;
}
