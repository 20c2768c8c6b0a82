import type { CapabilityId, SubjectKindId } from "../../kinds/descriptors.js";
import type { ConformanceReport } from "../../report/conformance-report.js";
import type { SectionKey } from "../../sections/index.js";
import type { TestVerdict } from "../../sections/kind.js";

/** One backend's row of a matrix run. @public */
export type BackendOutcome =
  | { status: "ran"; id: string; title: string; report: ConformanceReport; durationMs: number }
  /** The backend cannot run here (no URL, driver not installed); `reason` says why; `noServer`: no server is configured for it. */
  | { status: "skipped"; id: string; title: string; reason: string; noServer?: true }
  /** It should have run but could not start (its server or lifespan failed). */
  | { status: "error"; id: string; title: string; error: string; durationMs: number };

/** What `runMatrix()` returns. @public */
export interface MatrixResult {
  outcomes: BackendOutcome[];
  /** The kind of subject its backends are (one kind per matrix); default checkpointer. */
  subjectKind?: SubjectKindId;
  /** The PostgreSQL server shared by the postgres backends, when one was needed. */
  postgres?: { kind: "embedded" | "external"; startMs: number };
  durationMs: number;
  /** Set when Ctrl-C or SIGTERM ended the run early: `outcomes` then holds the backends that finished. */
  interrupted?: MatrixInterruption;
}

/** What an interrupted matrix run had done. @public */
export interface MatrixInterruption {
  signal: string;
  /** The backend that was running: how many of its spec tests had finished, and how many of those failed. */
  during?: { id: string; title: string; testsRun: number; testsFailed: number };
  /** Other backends that were running at the same time (npm start runs the server backends in parallel). */
  alsoRunning?: string[];
  /** The backends that had not started. */
  notRun: string[];
}

export type { TestVerdict };

/** The report sections the matrix shows as rows (`MATRIX_SECTIONS`): one per section kind. @public */
export type MatrixSectionKey = SectionKey;

/** A spec test (or graph case, or model run) whose verdict differs between backends. */
export interface Disagreement {
  /** The capability, or the section ("graph", "model"). */
  row: CapabilityId | MatrixSectionKey;
  /** Spec test name, graph case id (`G02[exit]`), or "random sequences". */
  test: string;
  verdicts: Record<string, TestVerdict>;
}
