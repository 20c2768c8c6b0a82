import { DEFAULT_SUBJECT_KIND, type CapabilityId, type SubjectKindId } from "../kinds/descriptors.js";
import type { SaverProfile } from "../kinds/checkpointer/profile.js";
import type { Shard } from "../runtime/shard.js";
import { failureCauses } from "../diagnosis/causes/group.js";
import { levelWithProfile } from "../kinds/checkpointer/profile.js";
import { capabilityResultsOf, failuresOf, flakyOf, notCheckedOf, type CapabilityResult } from "./results.js";
import { renderPrettyReport } from "./text-layout.js";
import { reportToDict } from "./to-dict.js";
import type { SpecTestList } from "./spec-test-list.js";
import type {
  CondensedReports,
  ConformanceLevel,
  FailureCause,
  ReportData,
  ReportDict,
  ReadBack,
  ReportSection,
  RunIdentity,
  RunSuggestion,
  Verdict,
} from "./types.js";
import { passedAllBase, verdictOf, type VerdictOptions } from "./verdict.js";

export {
  countsOf,
  countsTowardLevel,
  isCountedFailure,
  isDeviation,
  type CapabilityDraft,
  type CapabilityResult,
  isNotChecked,
  type FailureInfo,
  type PreconditionFailure,
  type TestResult,
} from "./results.js";
export type { VerdictOptions } from "./verdict.js";
export type {
  CondensedReports,
  ConformanceLevel,
  ReportDict,
  ReportSection,
  SectionFailure,
  SectionLinesOptions,
  SectionVerdict,
  Verdict,
} from "./types.js";

/**
 * The outcome of `validate()`: the report's data, with the verdict, the causes,
 * `toDict()` and `printReport()` asked of it (each one delegates).
 * @public
 */
export class ConformanceReport implements ReportData {
  readonly subjectName: string;
  readonly subjectKind: SubjectKindId;
  readonly results: Partial<Record<CapabilityId, CapabilityResult>>;
  /** Problems outside any capability (lifespan teardown, ...). */
  readonly errors: string[];
  readonly durationMs: number;
  readonly sections: ReportSection[];
  /** What the saver was declared to keep; `latest-only` tests only the latest checkpoint's guarantees. */
  readonly profile: SaverProfile;
  /** Set when the run was one shard of a split run (the `shard` option); `mergeReports()` combines the shards. */
  readonly shard?: Shard;
  /** Set with `shard`: the suite's version and the run's options, so that `mergeReports()` refuses the shards of different runs. */
  readonly run?: RunIdentity;
  /** What the run as a whole suggests (a profile, a built-in backend's declarations, known upstream behaviour). */
  readonly suggestions: readonly RunSuggestion[];
  /** The read-back probe's answers, when the run failed and it ran. */
  readonly readBack?: ReadBack;
  /** The spec tests of the subject's kind, by capability: what reporters list for a capability that did not run. */
  readonly specTests: SpecTestList;

  constructor(init: {
    subjectName: string;
    subjectKind?: SubjectKindId;
    results: Partial<Record<CapabilityId, CapabilityResult>>;
    errors?: string[];
    durationMs?: number;
    sections?: ReportSection[];
    profile?: SaverProfile;
    shard?: Shard;
    run?: RunIdentity;
    suggestions?: readonly RunSuggestion[];
    readBack?: ReadBack;
    specTests?: SpecTestList;
  }) {
    this.subjectName = init.subjectName;
    this.subjectKind = init.subjectKind ?? DEFAULT_SUBJECT_KIND;
    this.results = init.results;
    this.errors = init.errors ?? [];
    this.durationMs = init.durationMs ?? 0;
    this.sections = init.sections ?? [];
    this.profile = init.profile ?? "full";
    if (init.shard) this.shard = init.shard;
    if (init.run) this.run = init.run;
    this.suggestions = init.suggestions ?? [];
    if (init.readBack) this.readBack = init.readBack;
    this.specTests = init.specTests ?? {};
  }

  /** @deprecated The subject's name under its first field name: use `subjectName`. */
  get checkpointerName(): string {
    return this.subjectName;
  }

  /** Every base capability in scope passed (all five, unless the capabilities option or grep narrowed the run). */
  passedAllBase(): boolean {
    return passedAllBase(this);
  }

  /** The run checked something and everything it checked passed: capabilities, sections, and no run error. */
  passedAll(): boolean {
    return this.verdict().passed;
  }

  /** Python's levels: FULL (everything passed), BASE+PARTIAL (the base passed), BASE (some base passed), NONE. */
  conformanceLevel(): ConformanceLevel {
    return this.verdict().level;
  }

  /** The verdict: passing asks for every checked capability, or with `baseOnly` (the CLI's --base-only) the base ones. */
  verdict(options: VerdictOptions = {}): Verdict {
    return verdictOf(this, options);
  }

  /** The level as reporters print it: `BASE (latest-only)` for a latest-only saver. */
  levelLabel(): string {
    return levelWithProfile(this.conformanceLevel(), this.profile);
  }

  capabilityResults(): CapabilityResult[] {
    return capabilityResultsOf(this.results);
  }

  /** Every failed, non-advisory test, across capabilities. */
  failures(): ReturnType<typeof failuresOf> {
    return failuresOf(this.results);
  }

  /** The counted failures (spec, graph and model) grouped by root cause, the cause that explains most first. */
  causes(): FailureCause[] {
    return failureCauses(this);
  }

  /** Tests not checked because a precondition on another capability failed ("see <capability>"). */
  notChecked(): ReturnType<typeof notCheckedOf> {
    return notCheckedOf(this.results);
  }

  /** Tests that failed, then passed on a retry: `failed` ones are also in `failures()`, `passed` ones were allowed (`allowFlaky`). */
  flaky(): ReturnType<typeof flakyOf> {
    return flakyOf(this.results);
  }

  /** The `printReport()` text, without printing it. */
  formatReport(options: { condensed?: CondensedReports } = {}): string {
    return renderPrettyReport(this, this.verdict(), this.causes(), options.condensed);
  }

  /** Prints the report in the layout of Python's `print_report()`. */
  printReport(write: (text: string) => void = (t) => process.stdout.write(t)): void {
    write(this.formatReport());
  }

  /** Python's `to_dict()` shape (same keys), plus `status`, `inherited`, `advisories`, details. */
  toDict(): ReportDict {
    return reportToDict(this, this.causes());
  }
}
