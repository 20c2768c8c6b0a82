import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import type { Capability } from "../capabilities.js";

/** A catalog id from spec-catalog.md, e.g. `PUT-02`, `JS-13`, or a project id such as `CONC-01`. @public */
export type CatalogId = `${"PUT" | "PW" | "GT" | "LS" | "DT" | "DFR" | "CT" | "PR" | "DCH" | "JS" | "CONC" | "SER" | "ISO" | "KEY" | "FLT" | "RACE" | "VAL" | "ORD"}-${string}`;

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
 * One spec test: data, not code that loops. The runner owns the loop,
 * the timeouts and the reporting.
 * @public
 */
export interface SpecTest {
  /** Stable name; Python's test function name where one exists (e.g. `test_put_roundtrip`). */
  readonly name: string;
  /** The catalog ids this test checks. */
  readonly ids: readonly CatalogId[];
  /** The clause in plain words, one line. */
  readonly description: string;
  /** Advisory (ADV): run and reported, never fails the capability. */
  readonly advisory?: boolean;
  /**
   * Why the test is advisory, required with `advisory`: an official saver that
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
  readonly requires?: readonly Capability[];
  run(ctx: SpecContext): Promise<void>;
}

/** @public */
export interface CapabilitySpec {
  readonly capability: Capability;
  readonly tests: readonly SpecTest[];
}
