import { memoryBackend } from "../backends/memory/index.js";
import { postgresBackend } from "../backends/postgres/index.js";
import { sqliteBackend } from "../backends/sqlite/index.js";
import { CACHE_BACKENDS } from "../backends/cache/index.js";
import { STORE_BACKENDS } from "../backends/store/index.js";
import type { SharedResources } from "../backends/shared-resources.js";
import { storeAndCacheMatrices } from "../backends/subject-matrix.js";
import type { Backend, MatrixBackend } from "../backends/types.js";
import type { ProgressHooks } from "../run/progress.js";
import type { Shard } from "../runtime/shard.js";
import type { MatrixResult } from "../reporters/matrix/types.js";
import type { KindMatrix } from "./kind-matrices.js";
import { runProductMatrix, type ProductMatrixResult } from "./product.js";
import type { ProductOrder } from "./product-merge.js";
import { runMatrix, type MatrixOptions } from "./run-matrix.js";

/**
 * What `npm start` checks: the built-in savers (each with its graph scenarios
 * unless `graph` is off), the store and cache matrices, and (with the graph
 * scenarios) the checkpointer × store × cache product.
 */
export interface StartProgram {
  savers: readonly Backend[];
  kinds: readonly KindMatrix[];
  graph: boolean;
}

export function startProgram(graph: boolean, env: NodeJS.ProcessEnv = process.env): StartProgram {
  return { savers: [memoryBackend, sqliteBackend, postgresBackend], kinds: storeAndCacheMatrices([], true, env), graph };
}

/**
 * npm start runs on every core: the backends on a server (PostgreSQL, PGlite)
 * in worker processes, the others in the process the user started. A product
 * case belongs to the server part when any of its backends does.
 */
export type Lane = "local" | "server";

export function laneOf(backend: { readonly uses?: string }): Lane {
  return backend.uses === undefined ? "local" : "server";
}

/** A section of npm start's report: the savers' matrix, or a kind's. */
export type StartSection = "savers" | KindMatrix["kind"];

/** The backends of a section, in the order the report shows them. */
export function sectionBackends(program: StartProgram, section: StartSection): readonly MatrixBackend[] {
  return section === "savers" ? program.savers : (program.kinds.find((k) => k.kind === section)?.backends ?? []);
}

/** The backend a column job runs. */
export function columnBackend(program: StartProgram, job: { section: StartSection; id: string }): MatrixBackend {
  const backend = sectionBackends(program, job.section).find((b) => b.id === job.id);
  if (!backend) throw new Error(`npm start: no backend "${job.id}" in the ${job.section} section`);
  return backend;
}

/** The sections in the report's order. */
export function startSections(program: StartProgram): StartSection[] {
  return ["savers", ...program.kinds.map((k) => k.kind)];
}

/** The order of the product's backends when the whole product runs in one process. */
export function productOrder(program: StartProgram): ProductOrder {
  return {
    savers: program.savers.map((b) => b.id),
    stores: STORE_BACKENDS.map((b) => b.id),
    caches: ["none", ...CACHE_BACKENDS.map((b) => b.id)],
  };
}

/**
 * One piece of npm start's work: a backend's column of a section (or one
 * shard of it: the PostgreSQL saver's column is most of the run's CPU, so
 * its capabilities, graph scenarios and model sequences are split as
 * `--shard` splits them and the reports merged), or one lane's product cases.
 */
export type StartJob = { kind: "column"; section: StartSection; id: string; shard?: Shard } | { kind: "product"; lane: Lane };

/** How many shards a server saver's column is split into: one per worker process. */
export const SERVER_SAVER_SHARDS = 2;

/**
 * Who runs what: `local`, the jobs of the user's process (in the report's
 * order, so its reports come out as they finish); `workers`, one job list per
 * worker process, each worker one shard of every server saver, then the
 * server stores and caches and the server product cases, dealt out in turn.
 */
export function planStart(program: StartProgram, workers = SERVER_SAVER_SHARDS): { local: StartJob[]; workers: StartJob[][] } {
  const local: StartJob[] = [];
  const lists: StartJob[][] = Array.from({ length: workers }, () => []);
  // The product's server cases (the larger job) go to the first worker; the stores and caches from the last one back.
  let turn = 0;
  const deal = (job: StartJob) => lists[workers - 1 - (turn++ % workers)]!.push(job);
  for (const section of startSections(program)) {
    for (const backend of sectionBackends(program, section)) {
      if (laneOf(backend) === "local") local.push({ kind: "column", section, id: backend.id });
      else if (section === "savers")
        lists.forEach((list, i) => list.push({ kind: "column", section, id: backend.id, shard: { index: i + 1, count: workers } }));
      else deal({ kind: "column", section, id: backend.id });
    }
  }
  if (program.graph) {
    local.push({ kind: "product", lane: "local" });
    lists[0]!.push({ kind: "product", lane: "server" });
  }
  return { local, workers: lists.filter((list) => list.length > 0) };
}

/** Where a job's results go: a column's run hooks and its matrix (for the time and the server), or the product. */
export interface JobSink {
  column(
    job: Extract<StartJob, { kind: "column" }>,
  ): Pick<MatrixOptions, "onBackendStart" | "onBackendEnd"> & { progress?: ProgressHooks; matrix(result: MatrixResult): void };
  product(lane: Lane, result: ProductMatrixResult): void;
}

/** Runs one job on `shared`'s servers (started when first needed; the caller releases them). */
export async function runJob(program: StartProgram, job: StartJob, shared: SharedResources, sink: JobSink): Promise<void> {
  if (job.kind === "column") {
    const backend = columnBackend(program, job);
    const { progress, matrix, ...hooks } = sink.column(job);
    const validate = {
      graph: job.section === "savers" && program.graph,
      ...(job.shard ? { shard: job.shard } : {}),
      ...(progress ? { progress } : {}),
    };
    matrix(await runMatrix([backend], { shared, validate, ...hooks }));
    return;
  }
  const mine = <B extends { readonly uses?: string }>(backends: readonly B[]) => backends.filter((b) => laneOf(b) === job.lane);
  const part =
    job.lane === "local"
      ? { savers: mine(program.savers), stores: mine(STORE_BACKENDS), caches: mine(CACHE_BACKENDS) }
      : {
          savers: program.savers,
          only: (c: { saver: Backend; store?: { uses?: string }; cache?: { uses?: string } }) =>
            [c.saver, c.store ?? c.cache].some((b) => b !== undefined && laneOf(b) === "server"),
        };
  sink.product(job.lane, await runProductMatrix({ ...part, resources: shared.resources }));
}
