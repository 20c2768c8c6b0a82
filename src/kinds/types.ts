/**
 * The shapes every kind of subject (checkpointer, store, cache) brings to the
 * registry (src/kinds/index.ts) that a report and a registration read: type-only,
 * importing nothing, so the contract layer can use it. The full kind is SubjectKind
 * (./subject-kind.ts).
 */

/** One row of a kind's capability table (the same fields as src/kinds/checkpointer/capabilities.ts). @public */
export interface KindCapabilityInfo {
  readonly id: string;
  /** The subject's method that offers it. */
  readonly method: string;
  readonly kind: "base" | "extended";
  readonly signature: string;
  readonly summary: string;
}

/**
 * What the engine hands a kind to build a spec test's context: the subject
 * (calls tracked), the capability under test, fresh ids, more fresh subjects
 * (cleaned up after the test) and the registration's kind-specific options.
 * @public
 */
export interface KindContextBase<S, Cap extends string, Opts> {
  /** The subject under test, shared by the capability's tests (calls are tracked so a hang names the method). */
  readonly subject: S;
  readonly capability: Cap;
  /** A fresh, random id no other test uses, prefixed by `label`. */
  uniqueId(label?: string): string;
  /** Another fresh subject from the registration's factory, cleaned up after the test. */
  freshSubject(): Promise<S>;
  /** Whether the subject offers another capability. */
  has(capability: Cap): boolean;
  /** The registration's options of this kind (a store's `ttl`, `index`). */
  readonly options: Opts;
}

/** The light part of a kind: what a report needs to render it, loaded without the spec suites. */
export interface KindDescriptor {
  readonly id: string;
  /** What one subject is called in messages: "saver", "store", "cache". */
  readonly noun: string;
  /** Headings: "Checkpointer", "Store", "Cache". */
  readonly title: string;
  /** The base class a subject extends: "BaseCheckpointSaver", "BaseStore", "BaseCache". */
  readonly className: string;
  /** The function that registers one: "checkpointerTest". */
  readonly registerFunction: string;
  /** The key of the subject's name in `toDict()`: "checkpointer_name" (Python's), "store_name", "cache_name". */
  readonly nameKey: string;
  readonly capabilities: readonly KindCapabilityInfo[];
  /** How the cause grouping (src/diagnosis/causes/) tells which of the kind's methods a failure blames. */
  readonly causeMethods: KindCauseMethods;
}

/**
 * A kind's methods as the cause grouping reads them (src/kinds/descriptors.ts
 * has each kind's): one grouping serves every kind.
 */
export interface KindCauseMethods {
  /** Every method, in the order its data flows (writers first): a method's answers can be wrong because one before it stored the wrong thing, never the other way round. */
  readonly order: readonly string[];
  /** The method that stores each kind of data: the stored items (a checkpointer's checkpoints, a store's items, a cache's entries) and, for a checkpointer, the pending writes. */
  readonly writers: { readonly checkpoint: string; readonly writes?: string };
  /** Methods whose answers read what the writers stored. */
  readonly readers: readonly string[];
  /** Methods besides the readers whose own answer the tests compare (a checkpointer's getNextVersion). */
  readonly answers: readonly string[];
  /** Methods that change what is stored besides the writers (deleteThread, a store's delete, a cache's clear): their tests read to see what they did, and the read is only the witness. */
  readonly changesStorage: readonly string[];
  /** Sections whose failures are named by the operation that disagreed (`put()`, `search() pages`): the model's. */
  readonly operationSections: readonly string[];
  /** How a clause names the subject before a method call (`saver.list(`, `store.search(`). */
  readonly receiver: string;
}

/**
 * How a behaviour answer starts when the question does not apply to the
 * subject (no TTL or index declared): not an answer the matrix compares.
 */
export const NOT_APPLICABLE = "not applicable";

/**
 * One implementation-defined question a kind asks of every subject (the
 * catalog's "backend-specific" clauses): answered in a few words, reported as
 * the subject's behaviour profile and compared across backends, never pass/fail.
 * @public
 */
export interface KindBehaviour<Ctx> {
  /** A catalog id (`ST-30`) or a stable id (`cache.date-values`). */
  readonly id: string;
  /** The question, one line. */
  readonly question: string;
  /** Observes the subject through a spec test's context and answers in a few words. */
  probe(ctx: Ctx): Promise<string>;
}
