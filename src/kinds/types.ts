/**
 * The shapes every kind of subject (checkpointer, store, cache) brings to the
 * registry (src/kinds/index.ts). Type-only: the kinds' own folders import it.
 */
import type { Detection } from "../engine/detect-capability.js";
import type { SectionRunner } from "../engine/sections.js";
import type { TrackedSaver } from "../engine/tracked-saver.js";
import type { CapabilitySpecOf } from "../spec/types.js";

/** One row of a kind's capability table (the same fields as src/capabilities.ts). @public */
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
}


/**
 * One kind of subject: its descriptor, what a factory must yield, detection,
 * spec tests, how a spec test's context is built, call tracking and sections.
 */
export interface SubjectKind<S = unknown, Cap extends string = string, Ctx = unknown, Opts = unknown> extends KindDescriptor {
  /** What a factory must yield (checked before the run uses it). */
  looksLike(value: unknown): value is S;
  /** How the subject offers a capability; `options` are the registration's kind options (a store declares `ttl`, `index`). */
  detect(subject: S, capability: Cap, options: Opts): Detection;
  readonly specs: Partial<Record<Cap, CapabilitySpecOf<Ctx, Cap>>>;
  context(base: KindContextBase<S, Cap, Opts>): Ctx;
  /** Wraps a subject so the runner knows which of its calls are in flight (a checkpointer's results are shape-checked too). */
  track(subject: S): TrackedSaver<S>;
  /** Parts of the run after the capability suites (model, graph), in order. */
  readonly sections: readonly SectionRunner[];
}
