import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { ReferenceStore, ReferenceStoreOptions } from "../fixtures/reference-store.js";

/** The index every store mutant (and its baseline) is built with, and declared to the spec with. */
export const MUTANT_DIMS = 64;

/**
 * A store with exactly one realistic bug, derived from the reference store.
 * Each lives in its own `test/store-mutants/<name>.mutant.ts`, default-exported.
 */
export interface StoreMutant {
  /** kebab-case, equal to the file name without `.mutant.ts`. */
  name: string;
  /** The one bug, in a sentence a store author would recognise. */
  bug: string;
  /** Spec tests (by name) this mutant must fail. */
  catches: readonly string[];
  /** Run the ttl capability too (its tests wait for expiries, so only TTL mutants pay for them). */
  ttl?: boolean;
  /** The methods the bug is in, when its overrides do not say (npm run diagnosis grades the report's first cause by them). */
  methods?: readonly string[];
  create(): BaseStore;
}

/** A mutant from a subclass of the reference store. */
export function storeMutant(
  spec: Omit<StoreMutant, "create"> & { store: new (options: ReferenceStoreOptions) => ReferenceStore },
): StoreMutant {
  const { store: Store, ...rest } = spec;
  return { ...rest, create: () => new Store({ index: { dims: MUTANT_DIMS, fields: ["$"] } }) };
}
