/** One kind of subject as the engine runs it (the registry's entries, src/kinds/index.ts). */
import type { Detection } from "./checkpointer/detect.js";
import type { SectionRunner } from "../run/section-runner.js";
import type { TrackedSubject } from "../runtime/tracked-subject.js";
import type { CapabilitySpecOf } from "./checkpointer/checks/types.js";
import type { KindBehaviour, KindContextBase, KindDescriptor } from "./types.js";

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
  /**
   * Wraps a subject so the runner knows which of its calls are in flight (a
   * checkpointer's results are shape-checked too); `onCallStart` runs as each
   * call starts.
   */
  track(subject: S, options?: { onCallStart?: () => void }): TrackedSubject<S>;
  /**
   * Its spec tests isolate themselves (own threads, own ids) unless marked
   * `exclusive`, so several may run at once on one subject (the `concurrency`
   * option). A kind without it runs its tests one at a time.
   */
  readonly concurrentTests?: boolean;
  /** Its implementation-defined questions (a store's, a cache's), answered as the behaviour profile section. */
  readonly behaviours?: readonly KindBehaviour<Ctx>[];
  /** Parts of the run after the capability suites (model, graph), in order. */
  readonly sections: readonly SectionRunner[];
}
