import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { Capability } from "../capabilities.js";

/** A catalog id from spec-catalog.md, e.g. `PUT-02`, `JS-13`, or a project id such as `CONC-01`. @public */
export type CatalogId =
  `${"PUT" | "PW" | "GT" | "LS" | "DT" | "DFR" | "CT" | "PR" | "DCH" | "JS" | "CONC" | "SER" | "ISO" | "KEY" | "FLT" | "RACE" | "VAL" | "ORD" | "ST" | "CA"}-${string}`;

/**
 * An entry of docs/implementation-methods.md: one way a backend implements a method, e.g.
 * `IM-put-upsert-deletes-writes`. @public
 */
export type ImplementationMethodId = `IM-${string}`;

/**
 * What a spec test gets from the runner. The saver is fresh per capability and
 * shared by the tests of that capability, so tests isolate themselves with
 * `threadId()`.
 * @public
 */
export interface SpecContext {
  /** The saver under test (calls are tracked so a hang names the method). */
  readonly saver: BaseCheckpointSaver;
  readonly capability: Capability;
  /** A fresh, random thread id no other test uses. */
  threadId(label?: string): string;
  /**
   * Another fresh saver from the registration's factory, cleaned up after the
   * test. For tests that must see an empty store (listing every thread).
   */
  freshSaver(): Promise<BaseCheckpointSaver>;
  /** Whether the saver offers another capability (for tests that use it to observe). */
  has(capability: Capability): boolean;
}

/**
 * One spec test of any kind of subject (checkpointer, store, cache): data, not
 * code that loops. The runner owns the loop, the timeouts and the reporting.
 * `Ctx` is what the kind hands each test; `Cap` its capability ids.
 * @public
 */
export interface SpecTestOf<Ctx, Cap extends string> {
  /** Stable name; Python's test function name where one exists (e.g. `test_put_roundtrip`). */
  readonly name: string;
  /** The catalog ids this test checks. */
  readonly ids: readonly CatalogId[];
  /**
   * The implementation methods (docs/implementation-methods.md) whose telling input this test
   * gives, so that a method no test names shows as a gap (test/implementation-methods.test.ts).
   */
  readonly methods?: readonly ImplementationMethodId[];
  /** The clause in plain words, one line. */
  readonly description: string;
  /** Advisory (ADV): run and reported, never fails the capability. */
  readonly advisory?: boolean;
  /**
   * Why the test is advisory, required with `advisory`: an official backend that
   * measurably fails it, or the catalog clause that puts it outside the contract.
   */
  readonly advisoryReason?: string;
  /**
   * Reads a checkpoint older than the latest (history, `before`, parent lookups,
   * delta history): not applicable to a saver declared `latest-only`. A test
   * that checks both kinds of guarantee is split, so the latest-only part still runs.
   */
  readonly needsHistory?: boolean;
  /** Other capabilities this test needs (besides its own). Without them it is skipped, with the reason. */
  readonly requires?: readonly Cap[];
  /**
   * The test needs the whole subject: it runs alone, never at the same time as
   * another test of the run (the `concurrency` option). For a test whose calls
   * reach beyond its own threads: a sweep by pattern or by fixed ids (a buggy
   * one would delete another test's data mid-test), a list or count across
   * threads, a race on the first call to an empty subject.
   */
  readonly exclusive?: boolean;
  /**
   * The test starts a long path: a long chain of calls that must stay one
   * after another (a 1,050-checkpoint thread), or a clock a later test waits
   * out (VAL-14's data, re-read by VAL-15 1.5 s later). Under `concurrency` it
   * starts first among the tests that run together, ahead of the other
   * capabilities' tests waiting for the run's budget, so the others overlap
   * it (results keep the tests' order).
   */
  readonly longChain?: boolean;
  run(ctx: Ctx): Promise<void>;
}

/** A checkpointer's spec test. @public */
export interface SpecTest extends SpecTestOf<SpecContext, Capability> {}

/** The spec tests of one capability of any kind of subject. @public */
export interface CapabilitySpecOf<Ctx, Cap extends string> {
  readonly capability: Cap;
  readonly tests: readonly SpecTestOf<Ctx, Cap>[];
}

/** @public */
export interface CapabilitySpec {
  readonly capability: Capability;
  readonly tests: readonly SpecTest[];
}
