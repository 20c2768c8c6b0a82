import type { CapabilityId, SubjectKindId } from "../kinds/descriptors.js";
import type { SaverProfile } from "../kinds/checkpointer/profile.js";
import type { Shard } from "../runtime/shard.js";
import type { ThrownError } from "../runtime/thrown-error.js";
import type { CapabilityResult, TestResult } from "./results.js";

/**
 * The report's data and the shapes the verdict, toDict() and every reporter
 * read. This layer imports no reporter and no analysis: the cause grouping
 * (src/diagnosis/causes/) and the reporters import these types, never the other way.
 */

/** @public */
export type ConformanceLevel = "FULL" | "BASE+PARTIAL" | "BASE" | "NONE" | "INCOMPLETE" | "INTERRUPTED";

/** Why a run did not check everything it was asked to: a signal stopped it, or a part it asked for did not run. @public */
export type IncompleteRun = "interrupted" | "not-run";

/** The JSON shape of Python's `to_dict()`, plus added (never renamed) keys. @public */
export interface ReportDict {
  /** The subject's name, for a checkpointer (Python's key); a store's is `store_name`, a cache's `cache_name`, with `subject_kind`. */
  checkpointer_name?: string;
  conformance_level: ConformanceLevel;
  results: Record<
    string,
    {
      detected: boolean;
      passed: boolean | null;
      tests_passed: number;
      tests_failed: number;
      tests_skipped: number;
      /** Only with the latest-only profile: skipped tests that need older checkpoints. */
      tests_not_applicable?: number;
      failures: string[];
      status: CapabilityResult["status"];
      inherited: boolean;
      reason?: string;
      advisories: { name: string; ids: readonly string[]; passed: boolean; message?: string }[];
      deviations: { name: string; ids: readonly string[]; reason: string; occurred: boolean; message?: string }[];
      failure_details: {
        name: string;
        ids: readonly string[];
        description: string;
        message: string;
        frames?: string[];
        attempts?: number;
        flaky?: boolean;
        cause_id?: string;
      }[];
      /** Tests not checked because a precondition on another capability failed. */
      not_checked?: { name: string; ids: readonly string[]; precondition_capability: string; reason: string; message: string }[];
      /** Tests that failed, then passed on a retry; `counted`: they count as failed (flaky results not allowed). */
      flaky?: { name: string; ids: readonly string[]; attempts: number; counted: boolean; first_failure: string }[];
      duration_ms: number;
    }
  >;
  errors: string[];
  duration_ms: number;
  [extra: string]: unknown;
}

/** Extra sections (graph, model, ...) that later parts of the run attach to a report. @public */
export interface ReportSection {
  /** Key added to `toDict()`. */
  key: string;
  /** Printed after the capability sections. */
  lines(options?: SectionLinesOptions): string[];
  toJSON(): unknown;
  /** The section's verdict: false fails the run (`passedAll()`, the exit code); null when it did not run. */
  passed(): boolean | null;
  /** The section's part of the Result line, e.g. `graph 32/38 +6 known deviations`. Default: `graph passed`/`FAILED`/`skipped`. */
  summary?(): string;
  /** The plain data the section was built from, so a report read back from JSON (`reportFromJSON`) is the same section again. */
  state?(): unknown;
  /** The section's counted failures (graph cases, a model disagreement), which the report groups by cause with the spec failures. */
  failures?(): SectionFailure[];
  /**
   * Set when the run did not check all it was asked to: "interrupted" (a signal stopped it: the section says what
   * completed) or "not-run" (this section was asked for and did not run: it says why). The level is then
   * INTERRUPTED or INCOMPLETE, and the run does not pass.
   */
  incomplete?(): IncompleteRun | undefined;
}

/** A subject's answer to one implementation-defined question (its behaviour profile). @public */
export interface BehaviourAnswer {
  id: string;
  question: string;
  /** The answer in a few words, or why the probe could not answer. */
  answer: string;
  /** The probe failed (threw, timed out): `answer` says how. */
  failed?: true;
}

/** What the behaviour probes of one subject answered. @public */
export interface BehaviourProfile {
  answers: BehaviourAnswer[];
  /** The factory's cleanup of the probed subject failed (reported with the profile; the capability suites count their own). */
  cleanupError?: string;
}

/** A counted failure inside a report section. @public */
export interface SectionFailure {
  /** Its name within the section: `G01[async]`, `put()`. */
  name: string;
  ids: readonly string[];
  description: string;
  /** The failure in full. */
  message: string;
  /** The error the saver (or its factory) threw, when one did. */
  error?: ThrownError;
  /** A cause a targeted probe confirmed: failures with the same key are one cause, named by `title`; `method` is the saver method the probe blames. */
  confirmed?: { key: string; title: string; method?: string };
}

/** How a section prints its lines inside a report that groups failures by cause. @public */
export interface SectionLinesOptions {
  /** The cause a failure (by its name in the section) is listed under, e.g. `cause 1`: the failure is then one line pointing there. */
  causeOf?(name: string): string | undefined;
  /** Several reports read one after another (npm start --details): print what they share once. */
  condensed?: CondensedReports;
}

/**
 * The state several reports printed one after another share: each explanation
 * (a legend, a probe's finding) is printed the first time and referred to after;
 * cases that passed are one line; what a table beside the reports compares side
 * by side (a behaviour profile) is a count. @public
 */
export interface CondensedReports {
  /** The explanations printed so far (their text). */
  readonly explained: Set<string>;
}

/** One section's part of the verdict. @public */
export interface SectionVerdict {
  key: string;
  passed: boolean | null;
  summary: string;
  /** The section did not complete (ReportSection.incomplete). */
  incomplete?: IncompleteRun;
}

/**
 * The one verdict rule (docs/verdict.md), behind `passedAll()`, the level,
 * every reporter's Result line and the CLI's exit code.
 * @public
 */
export interface Verdict {
  /** The run passed: every checked capability (by default), or with `baseOnly` every base capability in scope. Sections and run errors count either way. */
  passed: boolean;
  /** Judged on the base capabilities only (`baseOnly`, the CLI's `--base-only`). */
  baseOnly: boolean;
  /** `!baseOnly`: every checked capability counted (the default). */
  strict: boolean;
  /** Nothing was checked (every capability skipped or not implemented, no section ran): a usage error, never a pass. */
  nothingChecked: boolean;
  level: ConformanceLevel;
  /**
   * Capabilities that were checked (passed or failed), those that failed, and
   * those not verified: they passed what they checked, but a required test was
   * not checked because its precondition on another capability failed, and that
   * capability did not fail in this run (docs/verdict.md). Not verified counts as not passed.
   */
  capabilities: { checked: number; passed: number; failed: CapabilityId[]; unverified: CapabilityId[] };
  /** Tests that failed, then passed on a retry (counted as failed unless flaky results were allowed). */
  flaky: number;
  /** Tests not checked because a precondition on another capability failed. */
  notChecked: number;
  /** Declared deviations that occurred (they do not fail). */
  deviations: number;
  sections: SectionVerdict[];
  /** Problems outside any test (lifespan teardown, an unhandled rejection, a section that could not run): each fails the run. */
  errors: number;
  /** `Result: FULL (5/5) +2 known deviations; graph 32/38 +6 known deviations`: every reporter's last line. */
  resultLine: string;
  /** What the level means and why this saver got it, in one line. */
  explanation: string;
}

/**
 * What must be equal in every shard of one run for their merge to be the
 * unsharded run: the suite's version and every option that selects or shapes
 * the work (capabilities, grep, timeouts, profile, graph, model with its seed).
 * Written into a shard's report; `checkSameRun` compares them.
 * @public
 */
export interface RunIdentity {
  version: string;
  options: Record<string, unknown>;
}

/** A report as plain data: what `ConformanceReport` holds, and what the verdict, `toDict()` and the cause grouping read. @public */
/**
 * What the run as a whole suggests beside its causes (computed where the
 * report is built, carried as data): `latest-only` when most failures are
 * history tests that found fewer checkpoints, `built-in-deviations` when the
 * failures are exactly a built-in backend's declared deviations (`details`:
 * the declarations), `upstream-advisory` for advisory failures the official
 * implementations share (`details`: each test and why).
 * @public
 */
export interface RunSuggestion {
  kind: "latest-only" | "built-in-deviations" | "upstream-advisory";
  text: string;
  details: readonly string[];
}

/** A reader the read-back probe reads a round trip through: a checkpointer's, a store's, a cache's get() of several keys at once and of one key at a time. @public */
export type ReadBackReader = "getTuple" | "list" | "get" | "search" | "getOneKey";

/**
 * What one round trip on a fresh saver showed (run when the run failed): for
 * the checkpoints (put()'s) and their pending writes (putWrites()'s), whether
 * each reader read back what was written (true) or not (false). Readers that
 * disagree show a reader's bug; every reader wrong shows the writer's.
 * @public
 */
export interface ReadBack {
  checkpoint: Partial<Record<ReadBackReader, boolean>>;
  writes: Partial<Record<ReadBackReader, boolean>>;
  /** Whether every config put() returned named the checkpoint it stored (thread_id, checkpoint_ns, checkpoint_id); absent in a report of an older version. */
  putConfig?: boolean;
  /**
   * A checkpointer's: whether each reader found nothing under ids that only look
   * like the stored thread's (another case, a LIKE wildcard, a trailing space).
   * Every reader finding it there, while reading the stored ids right, is the
   * readers' matching, not what was stored.
   */
  lookalikeIds?: Partial<Record<ReadBackReader, boolean>>;
  /**
   * Targeted checks of single methods run with the round trip, each where the
   * round trip showed its readers read right: whether the method answered right
   * (a checkpointer's getNextVersion() and deleteThread(), a store's concurrent
   * put(), a cache's concurrent set()). Absent in a report of an older version.
   */
  methods?: Partial<Record<string, boolean>>;
  /**
   * Checks of the readers (a checkpointer's, a store's) on data written so that the writer
   * cannot have stored it wrong in the way each looks for (src/diagnosis/reader-checks.ts, src/diagnosis/method-checks.ts):
   * per check, whether each reader answered right. Every reader wrong there is
   * a bug the readers share, not the writer's. Absent in a report of an older version.
   */
  readers?: Partial<Record<ReaderCheckId, Partial<Record<ReadBackReader, boolean>>>>;
}

/** The reader checks: a checkpointer's pending writes of distinct tasks in task id order, 120 writes put in small calls, 120 channels stored in two puts, a parent put before a lower id, a read answer changed by its caller; a store's item with a TTL read before and past its expiry, a store's item dates, a store's item read in namespaces that do not hold it. @public */
export type ReaderCheckId =
  | "writesOrder"
  | "writesPages"
  | "channelsBatch"
  | "parentLinks"
  | "freshObjects"
  | "expiryInverted"
  | "itemDates"
  | "otherNamespaces";

export interface ReportData {
  /** The subject's name (a store's or a cache's too: the field keeps its first name). */
  readonly subjectName: string;
  /** What was checked: a checkpointer, a store, a cache (src/kinds/). */
  readonly subjectKind: SubjectKindId;
  readonly results: Partial<Record<CapabilityId, CapabilityResult>>;
  /** Problems outside any capability (lifespan teardown, ...). */
  readonly errors: readonly string[];
  readonly durationMs: number;
  readonly sections: readonly ReportSection[];
  /** What the saver was declared to keep; `latest-only` tests only the latest checkpoint's guarantees. */
  readonly profile: SaverProfile;
  /** Set when the run was one shard of a split run (the `shard` option); `mergeReports()` combines the shards. */
  readonly shard?: Shard;
  /** Set with `shard`: the suite's version and the run's options, so that `mergeReports()` refuses the shards of different runs. */
  readonly run?: RunIdentity;
  /** What the run as a whole suggests (a profile, a built-in backend's declarations, known upstream behaviour); absent or empty when nothing stands out. */
  readonly suggestions?: readonly RunSuggestion[];
  /** The read-back probe's answers, when the run failed and the probe ran: the cause grouping names a reader or the writer by them. */
  readonly readBack?: ReadBack;
}

/** One counted failure of a run, wherever it happened: a spec test, a graph case, a model disagreement. @public */
export interface FailureItem extends SectionFailure {
  /** `put › test_put_roundtrip`, `graph › G01[async]`, `model › put()`. */
  label: string;
  /** `spec`, or the key of the section it belongs to (`graph`, `model`). */
  section: string;
  /** Set for spec failures: the test result itself. */
  spec?: { capability: CapabilityId; test: Extract<TestResult, { status: "failed" }> };
}

/**
 * How much a cause's wrong answers hurt, worst first: data of another thread,
 * namespace or tenant returned or deleted (`crosses`), data lost, data changed,
 * the right data in the wrong order, valid input rejected. @public
 */
export type Harm = "crosses" | "lost" | "changed" | "order" | "rejected";

/**
 * Failures that share a root cause, shown once: the first failure in full,
 * the others by name. Computed from the report's results every time it is
 * asked (never stored), so a merged or read-back report has the same causes.
 * @public
 */
export interface FailureCause {
  /** A short hash of what the failures share: the same in every run that fails the same way. */
  causeId: string;
  /** One line: the method and what its answers show, or the saver's error and its top frame, or the failing clause. */
  title: string;
  /** `error` when the saver (or its factory) threw, `clause` when an assertion failed. */
  kind: "error" | "clause";
  /** Every failure it explains, in report order; the first is the one shown in full. */
  failures: FailureItem[];
  /** The saver method the cause is in (`list`), when the failures name one. */
  method?: string;
  /** Why that method is blamed, when not the method the failures observed: `getTuple() and list() read the same wrong writes`. */
  blame?: string;
  /** The worst harm its failures show (src/causes/harm.ts): the report orders causes by it, worst first. */
  harm?: Harm;
  /** A round trip on a fresh subject showed this method stores wrong what the other causes' tests read: fixing it may clear them. */
  clearsOthers?: true;
}
