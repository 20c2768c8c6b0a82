import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { CAPABILITIES } from "../../src/kinds/checkpointer/capabilities.js";
import { cacheTest, checkpointerTest, DEFAULT_TIMEOUT_MS, storeTest, type SaverProfile, type ValidateOptions } from "../../src/index.js";
import type { SubjectKindId } from "../../src/kinds/descriptors.js";
import { STORE_CAPABILITIES } from "../../src/kinds/store/capabilities.js";
import { CACHE_CAPABILITIES } from "../../src/kinds/cache/capabilities.js";
import type { AnyRegistration } from "../../src/registration.js";
import { BASELINE_PROFILES, BASELINES } from "../fixtures/baselines.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import { loadMutants } from "../mutants/load.js";
import type { Mutant } from "../mutants/types.js";
import { loadGraphMutants } from "../mutants/graph/load.js";
import { loadNamedModules } from "../mutants/load-named-modules.js";
import { ADVERSARIAL_MUTANTS } from "../kinds/checkpointer/model/adversarial-mutants.js";
import { INDEX, TTL } from "../store-mutants/harness.js";
import type { StoreMutant } from "../store-mutants/types.js";
import { loadCacheMutants } from "../cache-mutants/load.js";
import type { CacheMutant } from "../cache-mutants/types.js";

/** Every saver method a bug can live in (the capability table's, plus getNextVersion). */
export const SAVER_METHODS: readonly string[] = [...CAPABILITIES.map((c) => c.method), "getNextVersion"];

/** One subject of the project (a checkpointer, a store, a cache) with exactly one realistic bug, wherever it is declared. */
export interface SingleBugSaver {
  /** `spec:list-oldest-first`, `graph:latest-by-step`, `model:like-list-thread`, `store:search-ignores-offset`, `cache:clear-by-prefix`. */
  id: string;
  kind: SubjectKindId;
  bug: string;
  /** The methods whose code holds the bug: a report's first cause should name one of them. */
  methods: readonly string[];
  /** The registration a new user writes for it, and the run's options besides the default run's. */
  register(): { registered: AnyRegistration; options: ValidateOptions };
}

/** Which methods a subject's code may hold a bug in: its public methods, and internals by the public methods they serve. */
interface MethodMap {
  publicMethods: readonly string[];
  internals: readonly (readonly [string, readonly string[]])[];
}

const CHECKPOINTER_METHODS: MethodMap = {
  publicMethods: SAVER_METHODS,
  internals: [
    ["_orderedWrites", ["getTuple", "list"]],
    ["hasChannel", ["getTuple", "list"]],
    ["refsOfRuns", ["deleteForRuns"]],
    ["get", ["get"]],
  ],
};

/** The reference store keeps each behaviour in its own protected method (test/fixtures/reference-store.ts); put(), get() and the others go through batch(). */
const STORE_METHODS: MethodMap = {
  publicMethods: [...new Set([...STORE_CAPABILITIES.map((c) => c.method), "get", "batch", "start", "stop"])],
  internals: [
    ["validatePut", ["put"]],
    ["validateBatchPut", ["batch"]],
    ["putOp", ["put"]],
    ["applyPut", ["put"]],
    ["storedValue", ["put"]],
    ["vectorsFor", ["put"]],
    ["storageKey", ["put", "get"]],
    ["getOp", ["get"]],
    ["copyOut", ["get", "search"]],
    ["live", ["get", "search", "listNamespaces"]],
    ["applyDelete", ["delete"]],
    ...[
      "searchOp",
      "candidates",
      "page",
      "prefixMatches",
      "filterMatches",
      "fieldMatches",
      "equals",
      "order",
      "operatorMatches",
      "rank",
      "similarity",
    ].map((m) => [m, ["search"]] as const),
    ...["listOp", "distinct", "conditionMatches", "labelMatches"].map((m) => [m, ["listNamespaces"]] as const),
    ["runOp", ["batch"]],
  ],
};

/** The reference cache's internals (test/kinds/cache/reference-cache.ts): what set() stores and how get() reads it back. */
const CACHE_METHODS: MethodMap = {
  // serde is a property each cache makes its own of: compared by class below, not by identity.
  publicMethods: [...new Set([...CACHE_CAPABILITIES.map((c) => c.method), "set"])].filter((m) => m !== "serde"),
  internals: [
    ["encode", ["set"]],
    ["write", ["set"]],
    ["expiresAt", ["set"]],
    ["decode", ["get"]],
    ["read", ["get"]],
    ["namespaceId", ["set", "get"]],
  ],
};

/** `put-writes-…` is putWrites'; the prefixes that name a method say so, the others (`ord-`, `val-`, …) do not. */
const METHOD_PREFIXES: readonly [string, string][] = [
  ["put-writes-", "putWrites"],
  ["get-tuple-", "getTuple"],
  ["get-next-version-", "getNextVersion"],
  ["put-", "put"],
  ["list-", "list"],
  ["flt-", "list"],
  ["delete-thread-", "deleteThread"],
  ["dfr-", "deleteForRuns"],
  ["ct-", "copyThread"],
  ["pr-", "prune"],
  ["dch-", "getDeltaChannelHistory"],
];

/** The methods a subject's overrides hold compared with a correct one: its own, and the public methods the internals it overrides serve. */
function overriddenMethods(subject: object, baseline: object, map: MethodMap): string[] {
  const methodOf = (s: object, m: string) => (s as Record<string, unknown>)[m];
  const differs = (m: string) => methodOf(subject, m) !== methodOf(baseline, m);
  return [
    ...new Set([
      ...map.publicMethods.filter(differs),
      ...map.internals.filter(([internal]) => differs(internal)).flatMap(([, serves]) => serves),
    ]),
  ];
}

/**
 * The methods a checkpointer mutant's bug is in: the one its name starts with,
 * else every method (or internal, by what it serves) its saver class overrides
 * compared with a correct saver, else its serializer's users (put and
 * putWrites) when the serializer differs. A mutant may name them itself (`methods`).
 */
export function brokenMethods(
  name: string,
  saver: BaseCheckpointSaver,
  baseline: BaseCheckpointSaver,
  declared?: readonly string[],
): string[] {
  if (declared && declared.length > 0) return [...declared];
  const prefixed = METHOD_PREFIXES.find(([prefix]) => name.startsWith(prefix));
  if (prefixed) return [prefixed[1]];
  const overridden = overriddenMethods(saver, baseline, CHECKPOINTER_METHODS);
  if (overridden.length > 0) return overridden;
  return saver.serde.constructor !== baseline.serde.constructor ? ["put", "putWrites"] : [];
}

function checkpointerSaver(
  id: string,
  bug: string,
  methods: readonly string[],
  create: () => BaseCheckpointSaver,
  profile: SaverProfile = "full",
  graphScenarios?: readonly string[],
): SingleBugSaver {
  return {
    id,
    kind: "checkpointer",
    bug,
    methods,
    register: () => ({
      registered: checkpointerTest({ name: id, profile }, () => create()),
      options: { graph: graphScenarios ? { scenarios: graphScenarios } : false },
    }),
  };
}

/** A spec mutant (`test/mutants/*.mutant.ts`) as a single-bug saver. */
export function specSingleBugSaver(m: Mutant): SingleBugSaver {
  const baseline = m.baseline ?? "memory";
  const methods = brokenMethods(m.name, m.create(), BASELINES[baseline](), m.methods);
  return checkpointerSaver(`spec:${m.name}`, m.bug, methods, () => m.create(), BASELINE_PROFILES[baseline] ?? "full");
}

/** TTL tests wait for an entry to expire, longer than the measure's short timeout: stores and caches run with the default one. */
const WAITS_FOR_EXPIRY: ValidateOptions = { timeoutMs: DEFAULT_TIMEOUT_MS };

/** A store mutant (`test/store-mutants/*.mutant.ts`), declared as its mutation run declares it (an index; a TTL for the TTL mutants). */
export function storeSingleBugSaver(m: StoreMutant): SingleBugSaver {
  const id = `store:${m.name}`;
  const methods = m.methods ?? overriddenMethods(m.create(), new ReferenceStore(), STORE_METHODS);
  const registered = () => storeTest({ name: id, index: INDEX, ...(m.ttl ? { ttl: TTL } : {}) }, () => m.create());
  return { id, kind: "store", bug: m.bug, methods, register: () => ({ registered: registered(), options: WAITS_FOR_EXPIRY }) };
}

/** A cache mutant (`test/cache-mutants/*.mutant.ts`), declared with TTL like its mutation run. */
export function cacheSingleBugSaver(m: CacheMutant): SingleBugSaver {
  const id = `cache:${m.name}`;
  const [cache, baseline] = [m.create(), new ReferenceCache()];
  const serde = cache.serde.constructor !== baseline.serde.constructor ? ["serde"] : [];
  const methods = m.methods ?? [...overriddenMethods(cache, baseline, CACHE_METHODS), ...serde];
  return {
    id,
    kind: "cache",
    bug: m.bug,
    methods,
    register: () => ({ registered: cacheTest({ name: id, ttl: true }, () => m.create()), options: WAITS_FOR_EXPIRY }),
  };
}

/** The project's checkpointer mutants (spec, graph, model), store mutants and cache mutants, each as a single-bug subject. */
export async function singleBugSavers(): Promise<SingleBugSaver[]> {
  const out: SingleBugSaver[] = (await loadMutants()).map(specSingleBugSaver);
  for (const m of await loadGraphMutants()) {
    out.push(
      checkpointerSaver(
        `graph:${m.name}`,
        m.bug,
        brokenMethods(m.name, m.create(), BASELINES.memory(), m.methods),
        () => m.create(),
        "full",
        m.catches,
      ),
    );
  }
  for (const m of ADVERSARIAL_MUTANTS) {
    out.push(checkpointerSaver(`model:${m.name}`, m.bug, brokenMethods(m.name, m.create(), BASELINES.memory()), () => m.create()));
  }
  out.push(
    ...(await loadNamedModules<StoreMutant>(new URL("../store-mutants/x.ts", import.meta.url).href, ".mutant.ts", "a StoreMutant")).map(
      storeSingleBugSaver,
    ),
  );
  out.push(...(await loadCacheMutants()).map(cacheSingleBugSaver));
  return out;
}
