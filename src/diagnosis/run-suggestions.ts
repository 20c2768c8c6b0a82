import type { KnownDeviation } from "../registration.js";
import type { CapabilityId } from "../kinds/descriptors.js";
import type { SpecTestOf } from "../kinds/checkpointer/checks/types.js";
import { capabilityResultsOf, failuresOf, type FailedTest } from "../report/results.js";
import type { ReportData, RunSuggestion } from "../report/types.js";
import { answerKind, type AnswerKind } from "./causes/answer-kind.js";
import { specFailureItem } from "./causes/failure-item.js";
import { harmOf } from "./causes/harm.js";
import { MEMORY_DEVIATIONS } from "../backends/memory/deviations.js";
import { SQLITE_DEVIATIONS, SQLITE_ENCRYPTED_DEVIATIONS } from "../backends/sqlite/deviations.js";
import { POSTGRES_DEVIATIONS } from "../backends/postgres/deviations.js";
import { IN_MEMORY_STORE_DEVIATIONS, POSTGRES_STORE_DEVIATIONS } from "../kinds/store/deviations.js";
import { IN_MEMORY_CACHE_DEVIATIONS } from "../kinds/cache/deviations.js";

/** The subject kind's spec tests by capability: what the suggestions read of each test (needs history, advisory and why). */
export type KindSpecs = Partial<Record<string, { readonly tests: readonly SpecTestOf<never, string>[] }>>;

const MISSING = new Set<AnswerKind>(["too-few", "missing-item"]);

/** At least this share of the counted spec failures needing history suggests a latest-only saver. */
const HISTORY_SHARE = 0.5;

/** An advisory test whose reason names an official implementation: its failure is that implementation's behaviour too. */
const OFFICIAL = /\b(MemorySaver|SqliteSaver|PostgresSaver|InMemoryStore|InMemoryCache)\b/;

/** The built-in backends' declared deviations (savers, stores, caches), and the export of `/backends` a registration reuses them from (what ships: no source path). */
const BUILT_IN_DEVIATIONS: readonly {
  saver: string;
  className: string;
  reuse: string;
  register: string;
  deviations: readonly KnownDeviation[];
}[] = [
  { saver: "MemorySaver", className: "MemorySaver", reuse: "memoryBackend", register: "checkpointerTest", deviations: MEMORY_DEVIATIONS },
  { saver: "SqliteSaver", className: "SqliteSaver", reuse: "sqliteBackend", register: "checkpointerTest", deviations: SQLITE_DEVIATIONS },
  {
    saver: "SqliteSaver with a serializer whose output is not JSON text",
    className: "SqliteSaver",

    reuse: "sqliteEncryptedBackend",
    register: "checkpointerTest",
    deviations: SQLITE_ENCRYPTED_DEVIATIONS,
  },
  {
    saver: "PostgresSaver",
    className: "PostgresSaver",
    reuse: "postgresBackend",
    register: "checkpointerTest",
    deviations: POSTGRES_DEVIATIONS,
  },
  {
    saver: "InMemoryStore",
    className: "InMemoryStore",
    reuse: "memoryStoreBackend",
    register: "storeTest",
    deviations: IN_MEMORY_STORE_DEVIATIONS,
  },
  {
    saver: "PostgresStore",
    className: "PostgresStore",
    reuse: "postgresStoreBackend",
    register: "storeTest",
    deviations: POSTGRES_STORE_DEVIATIONS,
  },
  {
    saver: "InMemoryCache",
    className: "InMemoryCache",
    reuse: "memoryCacheBackend",
    register: "cacheTest",
    deviations: IN_MEMORY_CACHE_DEVIATIONS,
  },
];

type Failed = { capability: CapabilityId; test: FailedTest };

/** The built-in backends' class names: the lineage a merged report passes when a shard found its subject is or wraps one. */
export const BUILT_IN_CLASSES: readonly string[] = [...new Set(BUILT_IN_DEVIATIONS.map((b) => b.className))];

/**
 * What the run as a whole suggests, beside its causes: a profile it was
 * probably meant to run with (most failures are history tests that found
 * fewer checkpoints: a shallow saver without `--latest-only`), a built-in
 * backend whose declared deviations are exactly the failures (a subclass of
 * that saver that did not declare them), and advisory failures the official
 * implementations share (known upstream behaviour). Computed once, where the
 * report is built, and carried in it as data.
 */
export function runSuggestions(
  data: Pick<ReportData, "results" | "profile">,
  specs: KindSpecs,
  lineage?: readonly string[],
): RunSuggestion[] {
  const failed = failuresOf(data.results);
  const specOf: SpecOf = (capability, name) => specs[capability]?.tests.find((t) => t.name === name);
  return [
    ...(failed.length > 0 ? [...latestOnly(data, failed, specOf), ...builtInDeviations(failed, lineage)] : []),
    ...upstreamAdvisories(data, specOf),
  ];
}

type SpecOf = (capability: CapabilityId, name: string) => SpecTestOf<never, string> | undefined;

function latestOnly(data: Pick<ReportData, "profile">, failed: readonly Failed[], specOf: SpecOf): RunSuggestion[] {
  if (data.profile !== "full") return [];
  // A shallow saver fails history tests by missing what it did not keep: fewer items, or nothing where a checkpoint was put.
  const history = failed.filter(
    ({ capability, test }) =>
      specOf(capability, test.name)?.needsHistory === true && MISSING.has(answerKind(specFailureItem(capability, test))),
  );
  if (history.length < 2 || history.length < failed.length * HISTORY_SHARE) return [];
  return [
    {
      kind: "latest-only",
      text: `${history.length} of the ${failed.length} failed spec tests read checkpoints older than the latest and found fewer (or none). If the saver keeps only the latest checkpoint per thread and namespace (a shallow saver), run with --latest-only (checkpointerTest({ …, profile: "latest-only" })): those tests are then not applicable and every other guarantee is still checked.`,
      details: [],
    },
  ];
}

/**
 * A built-in backend's declared deviations, suggested only to a subject that is
 * that backend or wraps it (its class, or a class it holds, derives from the
 * backend's: `lineage`), whose failures are all declared there, and never when
 * one of them shows another thread's, namespace's or tenant's data returned or
 * deleted: that is a bug to fix, in the built-in backend too, not to declare.
 */
function builtInDeviations(failed: readonly Failed[], lineage: readonly string[] | undefined): RunSuggestion[] {
  if (lineage === undefined) return [];
  if (failed.some(({ capability, test }) => harmOf(specFailureItem(capability, test)) === "crosses")) return [];
  const matches = (d: KnownDeviation, test: FailedTest) =>
    d.tests?.includes(test.name) === true || test.ids.some((id) => d.ids?.includes(id));
  const fitting = BUILT_IN_DEVIATIONS.filter(
    (b) =>
      lineage.includes(b.className) && b.deviations.length > 0 && failed.every(({ test }) => b.deviations.some((d) => matches(d, test))),
  );
  // The narrowest table that covers every failure (SqliteSaver's before its encrypted variant, which includes it).
  const best = [...fitting].sort((a, b) => a.deviations.length - b.deviations.length)[0];
  if (best === undefined) return [];
  const used = best.deviations.filter((d) => failed.some(({ test }) => matches(d, test)));
  return [
    {
      kind: "built-in-deviations",
      text: `The subject is or wraps ${best.saver}, and every failed spec test is one of its declared deviations (${best.reuse}.knownDeviations). Declare them: import { ${best.reuse} } from "langgraph-checkpoint-conformance/backends" and pass knownDeviations: ${best.reuse}.knownDeviations to ${best.register}(). The declarations it matched:`,
      details: used.map((d) => `${[...(d.tests ?? []), ...(d.ids ?? [])].join(", ")}: ${d.reason}`),
    },
  ];
}

function upstreamAdvisories(data: Pick<ReportData, "results">, specOf: SpecOf): RunSuggestion[] {
  const known = capabilityResultsOf(data.results).flatMap((r) =>
    r.tests.flatMap((t) => {
      const reason = t.advisory && t.status === "failed" ? specOf(r.capability, t.name)?.advisoryReason : undefined;
      return reason !== undefined && OFFICIAL.test(reason) ? [`${r.capability} › ${t.name}: ${reason}`] : [];
    }),
  );
  if (known.length === 0) return [];
  const tests = known.length === 1 ? "1 advisory test" : `${known.length} advisory tests`;
  return [
    {
      kind: "upstream-advisory",
      text: `known upstream behaviour: ${tests} failed as the official implementations do (no action needed):`,
      details: known,
    },
  ];
}
