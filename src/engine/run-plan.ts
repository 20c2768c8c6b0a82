/**
 * The run plan: the options every entry point shares, checked, with their
 * defaults, and the capabilities and spec tests they select. Kept apart from
 * options.ts because it loads the spec suites (and with them
 * @langchain/langgraph-checkpoint): the supervising CLI parses options
 * without them.
 */
import { effectiveProfile, isSaverProfile, profileOptionError, type SaverProfile } from "../kinds/checkpointer/profile.js";
import type { AnyRegistration } from "../registration.js";
import { kindOf } from "../kinds/index.js";
import { ALL_CAPABILITY_IDS, capabilityIdsOf, type CapabilityId } from "../kinds/descriptors.js";
import type { KindCapabilityInfo } from "../kinds/types.js";
import type { SubjectKind } from "../kinds/subject-kind.js";
import type { SpecTestOf } from "../kinds/checkpointer/checks/types.js";
import { describeValue } from "../util/describe-value.js";
import { ConformanceUsageError } from "../util/errors.js";
import {
  checkConcurrency,
  checkRetries,
  DEFAULT_CONCURRENCY,
  DEFAULT_LIFESPAN_TIMEOUT_MS,
  DEFAULT_RETRIES,
  DEFAULT_TIMEOUT_MS,
  type SuiteOptions,
} from "../run/options.js";
import { checkShard, inShard, OTHER_SHARD_REASON, shardLabel, type Shard } from "../runtime/shard.js";
import { checkTimeoutMs } from "../util/timeout.js";

/** A spec test of any kind, as the engine runs it. */
export type AnySpecTest = SpecTestOf<unknown, string>;

/** The registration's kind, with the engine's loose types (ids are strings checked against its table). */
export type RunKind = SubjectKind<object, string, unknown, unknown>;

/** One capability in a run: the spec tests it will run, or why it does not run. */
export interface CapabilityPlan {
  capability: CapabilityId;
  kind: KindCapabilityInfo["kind"];
  /** The selected spec tests (grep applied); empty when the capability does not run. */
  tests: readonly AnySpecTest[];
  /** Set when the capability does not run. */
  skip?: {
    reason: string /** Outside what the run was asked to check (capabilities option, grep): not part of the verdict. */;
    excluded: boolean;
  };
}

/** Everything an entry point needs to run a registration: checked options with their defaults, and the selection. */
export interface RunPlan {
  registered: AnyRegistration;
  /** The registration's kind (src/kinds/): its capability table, detection, specs, context and sections. */
  subjectKind: RunKind;
  timeoutMs: number;
  lifespanTimeoutMs: number;
  /** The profile the run checks (the option, else the registration's). */
  profile: SaverProfile;
  capabilities: readonly CapabilityPlan[];
  /** The run's shard, when it is one slice of a split run. */
  shard?: Shard;
  /** Spec test names and catalog ids the `skipTests` option leaves out (reported as skipped). */
  skipTests: ReadonlySet<string>;
  /** How many times a failing spec test runs again (on the same saver). */
  retries: number;
  /** A test that failed, then passed counts as passed (else as failed). */
  allowFlaky: boolean;
  /** How many spec tests run at once on a capability's saver (1 when the kind's tests cannot share it). */
  concurrency: number;
}

/**
 * Checks the shared options (a misuse throws `ConformanceUsageError` naming
 * `caller`), applies the defaults and selects the capabilities and spec tests.
 * `sectionsAsked`: a section (graph, model) will run, so a run with no spec
 * test still checks something.
 */
export function planRun(registered: AnyRegistration, options: SuiteOptions, caller: string, sectionsAsked = false): RunPlan {
  const subjectKind = kindOf(registered);
  const timeoutMs = checkTimeoutMs(options.timeoutMs, `${caller}: option "timeoutMs"`) ?? registered.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const lifespanTimeoutMs =
    checkTimeoutMs(options.lifespanTimeoutMs, `${caller}: option "lifespanTimeoutMs"`) ??
    registered.lifespanTimeoutMs ??
    DEFAULT_LIFESPAN_TIMEOUT_MS;
  if (options.profile !== undefined && !isSaverProfile(options.profile)) {
    throw new ConformanceUsageError(profileOptionError(caller, describeValue(options.profile)));
  }
  const profile = effectiveProfile(registered, options);
  const retries = checkRetries(options.retries, `${caller}: option "retries"`) ?? DEFAULT_RETRIES;
  if (options.allowFlaky !== undefined && typeof options.allowFlaky !== "boolean") {
    throw new ConformanceUsageError(`${caller}: option "allowFlaky" must be true or false, got ${describeValue(options.allowFlaky)}`);
  }
  const allowFlaky = options.allowFlaky ?? false;
  const concurrency = checkConcurrency(options.concurrency, `${caller}: option "concurrency"`) ?? DEFAULT_CONCURRENCY;
  // The registration's own, then the run's: both leave their tests out.
  const skipTests = new Set([
    ...checkSkipTests(registered.skipTests, `${subjectKind.registerFunction}(${registered.name})`, subjectKind),
    ...checkSkipTests(options.skipTests, caller, subjectKind),
  ]);
  const selection = selectTests(options, caller, subjectKind);
  const capabilities = selection.map((plan): CapabilityPlan => {
    if (plan.skip || !registered.skipCapabilities.has(plan.capability)) return plan;
    return { ...plan, skip: { reason: "skipped by skipCapabilities", excluded: false } };
  });
  if (!sectionsAsked && capabilities.every((c) => c.skip))
    throw new ConformanceUsageError(`${caller}: ${nothingToCheck(capabilities, options.grep, subjectKind)}`);
  // After the check above: a shard with an empty slice is not misuse (the whole run checks something).
  const shard = options.shard === undefined ? undefined : checkShard(options.shard, `${caller}: option "shard"`);
  return {
    registered,
    subjectKind,
    timeoutMs,
    lifespanTimeoutMs,
    profile,
    capabilities: shardCapabilities(capabilities, shard),
    ...(shard ? { shard } : {}),
    retries,
    allowFlaky,
    skipTests,
    concurrency: subjectKind.concurrentTests ? concurrency : 1,
  };
}

/** The `skipTests` option: each entry a spec test's name or a catalog id of this version (a typo would skip nothing). */
function checkSkipTests(skipTests: SuiteOptions["skipTests"], caller: string, subjectKind: RunKind): ReadonlySet<string> {
  if (skipTests === undefined) return new Set();
  if (!Array.isArray(skipTests) || skipTests.some((t) => typeof t !== "string")) {
    throw new ConformanceUsageError(
      `${caller}: option "skipTests" must be an array of spec test names or catalog ids, got ${describeValue(skipTests)}`,
    );
  }
  const specs = Object.values(subjectKind.specs as Partial<Record<string, { tests: readonly AnySpecTest[] }>>);
  const known = new Set(specs.flatMap((spec) => (spec?.tests ?? []).flatMap((test) => [test.name, ...test.ids])));
  const unknown = skipTests.filter((t) => !known.has(t));
  if (unknown.length > 0) {
    throw new ConformanceUsageError(
      `${caller}: option "skipTests" names no spec test: ${unknown.map((t) => JSON.stringify(t)).join(", ")} (--list shows the names and ids)`,
    );
  }
  return new Set(skipTests);
}

/** Whether the `skipTests` option leaves this test out: by its name or one of its catalog ids. */
export function skippedByOption(test: AnySpecTest, skipTests: ReadonlySet<string>): boolean {
  return skipTests.has(test.name) || test.ids.some((id) => skipTests.has(id));
}

/** The capabilities of this shard: whole capabilities, every count-th of those the run selected; the others are excluded. */
function shardCapabilities(capabilities: CapabilityPlan[], shard: Shard | undefined): CapabilityPlan[] {
  if (!shard) return capabilities;
  let position = 0;
  return capabilities.map((plan): CapabilityPlan => {
    if (plan.skip?.excluded) return plan;
    if (inShard(position++, shard)) return plan;
    return { ...plan, tests: [], skip: { reason: `${OTHER_SHARD_REASON} (this is shard ${shardLabel(shard)})`, excluded: true } };
  });
}

/** The capabilities and spec tests of a kind that the `capabilities` and `grep` options select (the CLI's --list uses it without a registration). */
export function selectTests(options: Pick<SuiteOptions, "capabilities" | "grep">, caller: string, subjectKind: RunKind): CapabilityPlan[] {
  const selected = selectCapabilities(options.capabilities, caller, subjectKind);
  const matches = toMatcher(options.grep, caller) ?? (() => true);
  return subjectKind.capabilities.map(({ id: capability, kind }): CapabilityPlan => {
    const id = capability as CapabilityId;
    if (!selected.has(id))
      return { capability: id, kind, tests: [], skip: { reason: "not selected (the capabilities option)", excluded: true } };
    const all: readonly AnySpecTest[] = (subjectKind.specs as Partial<Record<string, { tests: readonly AnySpecTest[] }>>)[id]?.tests ?? [];
    if (all.length === 0)
      return { capability: id, kind, tests: [], skip: { reason: "this version has no spec tests for it", excluded: true } };
    const tests = all.filter(matches);
    if (tests.length === 0)
      return { capability: id, kind, tests, skip: { reason: "no spec test matches the grep option", excluded: true } };
    return { capability: id, kind, tests };
  });
}

function nothingToCheck(capabilities: readonly CapabilityPlan[], grep: SuiteOptions["grep"], subjectKind: RunKind): string {
  const selected = capabilities.filter((c) => c.skip?.reason !== "not selected (the capabilities option)");
  if (selected.length === 0)
    return `nothing to check: no ${subjectKind.noun} capability is selected (known: ${capabilityIdsOf(subjectKind).join(", ")})`;
  if (grep !== undefined && grep !== "" && selected.every((c) => c.skip?.reason === "no spec test matches the grep option")) {
    return `nothing to check: grep ${describeValue(grep)} matches no spec test of ${selected.map((c) => c.capability).join(", ")} (--list shows the names and ids)`;
  }
  return `nothing to check: every selected capability is skipped (${selected.map((c) => `${c.capability}: ${c.skip?.reason}`).join("; ")})`;
}

/**
 * The ids of the kind's capabilities the option selects. An id no kind knows
 * is a usage error; other kinds' ids are left out (the CLI's `--skip` lists
 * every kind's ids, before it knows the kind), and a list of only those is
 * "nothing to check" (see `nothingToCheck`).
 */
function selectCapabilities(capabilities: SuiteOptions["capabilities"], caller: string, subjectKind: RunKind): Set<CapabilityId> {
  const own = capabilityIdsOf(subjectKind);
  if (capabilities === undefined) return new Set(own);
  if (typeof capabilities !== "object" || capabilities === null || !(Symbol.iterator in capabilities)) {
    throw new ConformanceUsageError(
      `${caller}: option "capabilities" must be an array of capability ids, got ${describeValue(capabilities)}`,
    );
  }
  const list = [...capabilities];
  const known = (cap: unknown, ids: readonly CapabilityId[]) => (ids as readonly unknown[]).includes(cap);
  const unknown = list.find((cap) => !known(cap, ALL_CAPABILITY_IDS));
  if (unknown !== undefined) {
    throw new ConformanceUsageError(
      `${caller}: option "capabilities" has unknown capability ${describeValue(unknown)}; known: ${own.join(", ")}`,
    );
  }
  return new Set(list.filter((cap) => known(cap, own)));
}

/** The `grep` option as a predicate on spec tests (name, description or catalog id); a plain string matches literally, ignoring case. */
export function toMatcher(grep: string | RegExp | undefined, caller = "grep"): ((test: AnySpecTest) => boolean) | undefined {
  if (grep === undefined || grep === "") return undefined;
  if (typeof grep !== "string" && !(grep instanceof RegExp)) {
    throw new ConformanceUsageError(`${caller}: option "grep" must be a string or a RegExp, got ${describeValue(grep)}`);
  }
  const re =
    typeof grep === "string"
      ? new RegExp(grep.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i")
      : new RegExp(grep.source, grep.flags.replace(/[gy]/g, ""));
  return (test) => re.test(test.name) || re.test(test.description) || test.ids.some((id) => re.test(id));
}
