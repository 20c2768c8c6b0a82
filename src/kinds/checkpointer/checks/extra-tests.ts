import type { Capability } from "../capabilities.js";
import type { CapabilitySpec, SpecTest } from "./types.js";

/** Cross-cutting spec tests (ISO, CONC, SER), grouped by the capability whose suite runs them. */
export type ExtraTests = Partial<Record<Capability, readonly SpecTest[]>>;

/**
 * Appends cross-cutting tests to the capability specs. A capability without a
 * spec of its own gets one holding only the extra tests.
 */
export function withExtraTests(
  specs: Partial<Record<Capability, CapabilitySpec>>,
  ...extras: readonly ExtraTests[]
): Partial<Record<Capability, CapabilitySpec>> {
  const merged: Partial<Record<Capability, CapabilitySpec>> = { ...specs };
  for (const group of extras) {
    for (const [capability, tests] of Object.entries(group) as [Capability, readonly SpecTest[]][]) {
      const base = merged[capability];
      merged[capability] = { capability, tests: [...(base?.tests ?? []), ...tests] };
    }
  }
  return merged;
}

/** Tests that must run first and last in one capability's suite (a write early, its re-read at the end). */
export interface Bracket {
  readonly capability: Capability;
  readonly first: readonly SpecTest[];
  readonly last: readonly SpecTest[];
}

/** Puts each bracket's tests first and last in its capability's suite. */
export function withBrackets(
  specs: Partial<Record<Capability, CapabilitySpec>>,
  ...brackets: readonly Bracket[]
): Partial<Record<Capability, CapabilitySpec>> {
  const merged: Partial<Record<Capability, CapabilitySpec>> = { ...specs };
  for (const { capability, first, last } of brackets) {
    merged[capability] = { capability, tests: [...first, ...(merged[capability]?.tests ?? []), ...last] };
  }
  return merged;
}
