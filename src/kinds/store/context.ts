import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { KindContextBase } from "../types.js";
import type { StoreCapability } from "./capabilities.js";
import type { StoreKindOptions } from "./options.js";

export type { StoreEmbedder, StoreIndexOptions, StoreKindOptions, StoreTtlOptions } from "./options.js";

/**
 * What a store spec test gets. One store is shared by the tests of a
 * capability, so each test works under its own `namespace()` root.
 * @public
 */
export interface StoreSpecContext {
  /** The store under test, shared by the tests of this capability. */
  readonly store: BaseStore;
  readonly capability: StoreCapability;
  /**
   * A fresh namespace root (one label) no other test uses; append labels to it.
   * Letters, digits and `-` only, and no root is a string prefix of another.
   */
  namespace(label?: string): string[];
  /** A fresh, empty store (for `search([])`, or listing every namespace), released after the test. */
  freshStore(): Promise<BaseStore>;
  has(capability: StoreCapability): boolean;
  readonly options: StoreKindOptions;
}

/** Builds a store spec test's context from the engine's per-test base. */
export function storeContext(base: KindContextBase<BaseStore, StoreCapability, StoreKindOptions>): StoreSpecContext {
  return {
    store: base.subject,
    capability: base.capability,
    namespace: (label = "ns") => [rootLabel(base.uniqueId(label))],
    freshStore: () => base.freshSubject(),
    has: (cap) => base.has(cap),
    options: base.options,
  };
}

// Stores differ on which characters a label may hold (catalog ST-16): keep the
// root to the characters every store accepts. The fixed `-r` end keeps one
// root from being a string prefix of another.
function rootLabel(id: string): string {
  return `${id.replace(/[^A-Za-z0-9-]/g, "-")}-r`;
}
