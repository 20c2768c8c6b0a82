import type { OutcomeJSON } from "../reporters/matrix/matrix-report-json.js";
import type { MatrixResult } from "../reporters/matrix/types.js";
import type { ProductMatrixResult } from "../matrix/product.js";
import type { StartJob } from "../matrix/start-lanes.js";
import type { HookCall } from "../run/progress.js";

/** What npm start asks a worker process to run (one line of JSON on its stdin). */
export interface StartWorkerRequest {
  graph: boolean;
  jobs: StartJob[];
  /** The PostgreSQL server the user's process started, for the jobs on it (the worker never stops it). */
  postgresUrl?: string;
}

/** A worker's messages (one JSON line each on fd 3); `job` is the index of the job in the request. */
export type StartWorkerMessage =
  | { t: "start"; job: number; backend: string }
  | { t: "hook"; job: number; call: HookCall }
  | { t: "end"; job: number; outcome: OutcomeJSON }
  /** A column's matrix, without its outcomes (sent with "end"). */
  | { t: "matrix"; job: number; result: Omit<MatrixResult, "outcomes"> }
  | { t: "product"; job: number; result: ProductMatrixResult }
  | { t: "failed"; job: number; error: string }
  | { t: "done" };
