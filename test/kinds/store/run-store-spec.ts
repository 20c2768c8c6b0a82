import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { storeTest, type StoreCapability, type StoreKindOptions } from "../../../src/index.js";
import { runKind, type KindRun } from "../run-kind.js";

export { deviatingTests, keysWith, requiredFailures, type KindTestResult as StoreTestResult } from "../run-kind.js";

/** A live store and how to release it (the factory's clean-up). */
export interface StoreLease {
  store: BaseStore;
  release(): Promise<void>;
}

export type StoreFactory = () => Promise<StoreLease>;

/** The store spec and behaviour profile on the stores a factory makes, through validate(storeTest(...)). */
export function runStoreSpec(factory: StoreFactory, options: StoreKindOptions = {}, only?: readonly StoreCapability[]): Promise<KindRun> {
  const registered = storeTest({ name: "store under test", ...options }, async function* () {
    const lease = await factory();
    try {
      yield lease.store;
    } finally {
      await lease.release();
    }
  });
  return runKind(registered, only);
}
