import { randomUUID } from "node:crypto";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import type { KindContextBase } from "../types.js";
import type { StoreKindOptions } from "../options.js";
import type { StoreCapability } from "./capabilities.js";

/**
 * What a store spec test gets. The store is fresh per capability and shared
 * by its tests, so tests isolate themselves with `namespace()`.
 * @public
 */
export interface StoreSpecContext {
  /** The store under test (calls are tracked so a hang names the method). */
  readonly store: BaseStore;
  readonly capability: StoreCapability;
  /** A fresh namespace no other test uses: `[label, <uuid>]`. */
  namespace(label?: string): string[];
  /** Another fresh store from the registration's factory, cleaned up after the test (for tests that must see an empty store). */
  freshStore(): Promise<BaseStore>;
  has(capability: StoreCapability): boolean;
  /** What the registration declared: `ttl`, `index`. */
  readonly options: StoreKindOptions;
}

export function storeContext(base: KindContextBase<BaseStore, StoreCapability, StoreKindOptions>): StoreSpecContext {
  return {
    store: base.subject,
    capability: base.capability,
    // A label may not contain "." (namespace rule ST-11): the uuid has none.
    namespace: (label = "ns") => [label, randomUUID()],
    freshStore: () => base.freshSubject(),
    has: (capability) => base.has(capability),
    options: base.options,
  };
}
