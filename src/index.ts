// The public declarations name Node's types (NodeJS.ProcessEnv, NodeJS.Signals): this pulls @types/node into a project whose tsconfig lists no types (TypeScript 6 and later default to none).
/// <reference types="node" preserve="true" />
export { checkpointerTest, ConformanceUsageError } from "./registration.js";
export type {
  AnyRegistration,
  CheckpointerTestOptions,
  KnownDeviation,
  Lifespan,
  RegisteredCheckpointer,
  RegisteredSubject,
  SaverFactory,
  SubjectFactory,
  SubjectTestOptions,
} from "./registration.js";
export { cacheTest, storeTest } from "./kinds/register.js";
export type { CacheTestOptions, RegisteredCache, RegisteredStore, StoreTestOptions } from "./kinds/register.js";
export type { CacheKindOptions, StoreIndexOptions, StoreKindOptions, StoreTtlOptions } from "./kinds/options.js";
export type { AnyCapability, CapabilityId, SubjectKindId } from "./kinds/descriptors.js";
export type { KindCapabilityInfo, KindContextBase } from "./kinds/types.js";
export { STORE_CAPABILITIES, type StoreCapability } from "./kinds/store/capabilities.js";
export { FakeEmbeddings, fakeEmbeddings, embedText } from "./kinds/store/fake-embedder.js";
export { CACHE_CAPABILITIES, type CacheCapability } from "./kinds/cache/capabilities.js";
export { validate, ConformanceSetupError, DEFAULT_TIMEOUT_MS, DEFAULT_LIFESPAN_TIMEOUT_MS, DEFAULT_RETRIES } from "./engine/validate.js";
export type { ValidateOptions } from "./engine/validate.js";
export { ProgressCallbacks, ProgressHookError } from "./run/progress.js";
export type { ProgressHooks } from "./run/progress.js";
export type { SaverProfile } from "./kinds/checkpointer/profile.js";
export { ConformanceReport } from "./report/conformance-report.js";
export { reportFromJSON, reportToJSON } from "./sections/report-json.js";
export type { ReportJSON, SectionJSON } from "./report/json.js";
export type { RunIdentity } from "./engine/run-identity.js";
export { mergeReports } from "./merge/merge-reports.js";
export type { Shard } from "./runtime/shard.js";
export type {
  CapabilityResult,
  CondensedReports,
  ConformanceLevel,
  FailureInfo,
  PreconditionFailure,
  ReportDict,
  ReportSection,
  SectionFailure,
  SectionLinesOptions,
  SectionVerdict,
  TestResult,
  Verdict,
  VerdictOptions,
} from "./report/conformance-report.js";
export type { FailureCause } from "./diagnosis/causes/group.js";
export type { Harm } from "./report/types.js";
export type { FailureItem } from "./diagnosis/causes/failure-item.js";
export type { ThrownError } from "./runtime/thrown-error.js";
export { CAPABILITIES } from "./kinds/checkpointer/capabilities.js";
export { BASE_CAPABILITIES, EXTENDED_CAPABILITIES } from "./kinds/descriptors.js";
export { detectCapability } from "./kinds/checkpointer/detect.js";
export type { Capability, CapabilityInfo } from "./kinds/checkpointer/capabilities.js";
export type { Detection } from "./kinds/checkpointer/detect.js";
export type { ExtendedCheckpointSaver, ExtendedSaverMethods, PruneStrategy } from "./kinds/checkpointer/extended-saver.js";
export { ConformanceError } from "./assert.js";
export { TimeoutError } from "./util/timeout.js";
export type { CapabilitySpec, CatalogId, ImplementationMethodId, SpecContext, SpecTest } from "./kinds/checkpointer/checks/types.js";
export { fromValidationInitializer } from "./engine/validation-initializer.js";
export type { ValidationInitializer } from "./engine/validation-initializer.js";
export { REPORTERS } from "./reporters/index.js";
export type {
  MatrixRenderer,
  MatrixRenderOptions,
  Reporter,
  ReporterFactory,
  ReporterName,
  ReporterOptions,
  ReportFormat,
} from "./reporters/index.js";
export type { GraphOptions } from "./graph/options.js";
export type { GraphScenario, ScenarioContext, ScenarioVariant, Durability } from "./graph/types.js";
export type { GraphCaseResult } from "./graph/result.js";
export type { Divergence } from "./graph/compare.js";
export { createEncryptedSerializer } from "./serde/encrypted-serializer.js";
export type { ModelOptions } from "./kinds/checkpointer/model/options.js";
export type { DeclarableBehaviour } from "./kinds/checkpointer/model/behaviours.js";
export type { DeclaredOutcome, ModelFailure, ModelRunResult } from "./kinds/checkpointer/model/run-model.js";
export { benchmarkSaver, THROUGHPUT_OPERATIONS } from "./bench/throughput.js";
export type { Growth, OperationStats, ThroughputOperation, ThroughputOptions, ThroughputResult } from "./bench/throughput.js";
export { benchmarkBackends } from "./bench/benchmark-backends.js";
export type { BenchmarkBackendsOptions, BenchOutcome } from "./bench/benchmark-backends.js";
export { renderThroughput, renderThroughputComparison } from "./bench/render.js";
