/**
 * The light half of the kinds registry (src/kinds/index.ts): what a report
 * needs to render a subject of each kind (its name, its capability table),
 * loaded without the spec suites or @langchain/langgraph-checkpoint, so the
 * supervised CLI's parent process stays light. One entry per kind.
 */
import { CAPABILITIES, type Capability } from "./checkpointer/capabilities.js";
import { CACHE_CAPABILITIES, type CacheCapability } from "./cache/capabilities.js";
import { STORE_CAPABILITIES, type StoreCapability } from "./store/capabilities.js";
import type { KindCauseMethods, KindDescriptor } from "./types.js";

/** Each kind's methods as the cause grouping reads them (src/diagnosis/causes/): which store data, which read it back, which change it otherwise. */
const CHECKPOINTER_CAUSE_METHODS: KindCauseMethods = {
  order: [
    "put",
    "putWrites",
    "getTuple",
    "list",
    "getDeltaChannelHistory",
    "deleteThread",
    "deleteForRuns",
    "copyThread",
    "prune",
    "getNextVersion",
    "get",
  ],
  writers: { checkpoint: "put", writes: "putWrites" },
  readers: ["getTuple", "list", "get", "getDeltaChannelHistory"],
  answers: ["getNextVersion"],
  changesStorage: ["deleteThread", "deleteForRuns", "copyThread", "prune"],
  operationSections: ["model"],
  receiver: "saver",
};

/**
 * batch() both stores and reads, so it is no independent reader: its tests
 * compare its own answers, and what it stored wrong shows in the others' reads.
 * It runs the others' operations, so it comes after them: its wrong answer is
 * as often theirs.
 */
const STORE_CAUSE_METHODS: KindCauseMethods = {
  order: ["put", "delete", "batch", "get", "search", "listNamespaces", "start", "stop"],
  writers: { checkpoint: "put" },
  readers: ["get", "search", "listNamespaces"],
  answers: [],
  changesStorage: ["delete"],
  operationSections: ["store_model"],
  receiver: "store",
};

/** The serde capability's tests read values back through get(): a reader, of what set() stored through the serde. */
const CACHE_CAUSE_METHODS: KindCauseMethods = {
  order: ["set", "get", "serde", "clear"],
  writers: { checkpoint: "set" },
  readers: ["get", "serde"],
  answers: [],
  changesStorage: ["clear"],
  operationSections: [],
  receiver: "cache",
};

export const KIND_DESCRIPTORS = {
  checkpointer: {
    id: "checkpointer",
    noun: "saver",
    title: "Checkpointer",
    className: "BaseCheckpointSaver",
    registerFunction: "checkpointerTest",
    nameKey: "checkpointer_name",
    capabilities: CAPABILITIES,
    causeMethods: CHECKPOINTER_CAUSE_METHODS,
  },
  store: {
    id: "store",
    noun: "store",
    title: "Store",
    className: "BaseStore",
    registerFunction: "storeTest",
    nameKey: "store_name",
    capabilities: STORE_CAPABILITIES,
    causeMethods: STORE_CAUSE_METHODS,
  },
  cache: {
    id: "cache",
    noun: "cache",
    title: "Cache",
    className: "BaseCache",
    registerFunction: "cacheTest",
    nameKey: "cache_name",
    capabilities: CACHE_CAPABILITIES,
    causeMethods: CACHE_CAUSE_METHODS,
  },
} as const satisfies Record<string, KindDescriptor>;

/** `"checkpointer"`, `"store"` or `"cache"`. @public */
export type SubjectKindId = keyof typeof KIND_DESCRIPTORS;

/** A capability id of any kind (a run checks one kind: its table says which ids it knows). @public */
/** Any kind's capability id: a checkpointer's, a store's or a cache's. */
export type CapabilityId = Capability | StoreCapability | CacheCapability;
/** @deprecated The first name of `CapabilityId`. */
export type AnyCapability = CapabilityId;

/** A saver's capability ids: all, base, extended. @public */
export const CAPABILITY_IDS: readonly Capability[] = capabilityIdsOf(KIND_DESCRIPTORS.checkpointer);
/** @public */
export const BASE_CAPABILITIES: readonly Capability[] = capabilityIdsOf(KIND_DESCRIPTORS.checkpointer, "base");
/** @public */
export const EXTENDED_CAPABILITIES: readonly Capability[] = capabilityIdsOf(KIND_DESCRIPTORS.checkpointer, "extended");

/** The kind of what has none: a registration of an older copy, a report written before kinds (kept out of their JSON, as Python's has no kind). */
export const DEFAULT_SUBJECT_KIND: SubjectKindId = "checkpointer";

export const SUBJECT_KIND_IDS = Object.keys(KIND_DESCRIPTORS) as SubjectKindId[];

/** Every capability id any kind knows (the CLI checks `--capabilities` against it before it knows the kind). */
export const ALL_CAPABILITY_IDS: readonly CapabilityId[] = [
  ...new Set(Object.values(KIND_DESCRIPTORS).flatMap((k) => k.capabilities.map((c) => c.id))),
];

/** The capability ids of a kind: `Capability` for `KIND_DESCRIPTORS.checkpointer`, any kind's for a `KindDescriptor`. */
type CapabilityIdOf<D extends KindDescriptor> = D extends (typeof KIND_DESCRIPTORS)[SubjectKindId]
  ? D["capabilities"][number]["id"]
  : CapabilityId;

export function kindDescriptor(id: SubjectKindId | undefined): KindDescriptor {
  return KIND_DESCRIPTORS[id ?? DEFAULT_SUBJECT_KIND];
}

export function isSubjectKindId(value: unknown): value is SubjectKindId {
  return typeof value === "string" && Object.hasOwn(KIND_DESCRIPTORS, value);
}

/**
 * A capability's row in the kind's table (typed as that kind's row when the
 * descriptor is a `KIND_DESCRIPTORS` entry); throws for an id the kind does not
 * know (a bug: ids are checked at the API boundary).
 */
export function capabilityInfoIn<D extends KindDescriptor>(descriptor: D, id: string): D["capabilities"][number] {
  const info = descriptor.capabilities.find((c) => c.id === id);
  if (!info) throw new Error(`unknown ${descriptor.noun} capability "${id}"`);
  return info;
}

/** The kind's capability ids, base or extended (all when `kind` is not given). */
export function capabilityIdsOf<D extends KindDescriptor>(descriptor: D, kind?: "base" | "extended"): CapabilityIdOf<D>[] {
  return descriptor.capabilities.filter((c) => kind === undefined || c.kind === kind).map((c) => c.id as CapabilityIdOf<D>);
}
