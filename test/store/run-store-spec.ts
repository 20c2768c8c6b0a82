import { randomUUID } from "node:crypto";
import type { BaseStore } from "@langchain/langgraph-checkpoint";
import {
  STORE_BEHAVIOURS,
  STORE_CAPABILITIES,
  STORE_SPECS,
  detectStoreCapability,
  storeContext,
  type StoreCapability,
  type StoreKindOptions,
  type StoreSpecContext,
} from "../../src/kinds/store/index.js";

/** A live store and how to release it (the factory's clean-up). */
export interface StoreLease {
  store: BaseStore;
  release(): Promise<void>;
}

export type StoreFactory = () => Promise<StoreLease>;

export interface StoreTestResult {
  /** `capability/test_name`. */
  key: string;
  name: string;
  capability: StoreCapability;
  ids: readonly string[];
  advisory: boolean;
  status: "passed" | "failed" | "skipped";
  message?: string;
}

const TEST_TIMEOUT_MS = 60_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `use` with a context over `store`; fresh stores it asks for are released afterwards. */
async function withContext<T>(store: BaseStore, capability: StoreCapability, factory: StoreFactory, options: StoreKindOptions, offered: Set<StoreCapability>, use: (ctx: StoreSpecContext) => Promise<T>): Promise<T> {
  const extra: StoreLease[] = [];
  const ctx = storeContext({
    subject: store,
    capability,
    uniqueId: (label = "t") => `${label}-${randomUUID()}`,
    freshSubject: async () => {
      const lease = await factory();
      extra.push(lease);
      return lease.store;
    },
    has: (cap) => offered.has(cap),
    options,
  });
  try {
    return await use(ctx);
  } finally {
    for (const lease of extra) await lease.release();
  }
}

/**
 * Test-only runner: every store spec test against the stores a factory makes,
 * one shared store per capability (as the engine does), each test under its
 * own namespace root. Capabilities the store does not offer are skipped.
 */
export async function runStoreSpec(factory: StoreFactory, options: StoreKindOptions = {}, only?: readonly StoreCapability[]): Promise<StoreTestResult[]> {
  const probe = await factory();
  const offered = new Set(STORE_CAPABILITIES.map((c) => c.id).filter((id) => detectStoreCapability(probe.store, id, options).kind === "detected"));
  await probe.release();
  const results: StoreTestResult[] = [];
  for (const { id: capability } of STORE_CAPABILITIES) {
    if (only && !only.includes(capability)) continue;
    const spec = STORE_SPECS[capability];
    if (!spec) continue;
    const lease = offered.has(capability) ? await factory() : undefined;
    try {
      for (const test of spec.tests) {
        const base = { key: `${capability}/${test.name}`, name: test.name, capability, ids: test.ids, advisory: test.advisory ?? false };
        const missing = [capability, ...(test.requires ?? [])].find((cap) => !offered.has(cap));
        if (!lease || missing) {
          results.push({ ...base, status: "skipped", message: `${missing ?? capability} not offered` });
          continue;
        }
        try {
          await withContext(lease.store, capability, factory, options, offered, (ctx) => withTimeout(test.run(ctx), TEST_TIMEOUT_MS, test.name));
          results.push({ ...base, status: "passed" });
        } catch (error) {
          results.push({ ...base, status: "failed", message: error instanceof Error ? error.message : String(error) });
        }
      }
    } finally {
      await lease?.release();
    }
  }
  return results;
}

/** The behaviour profile: each probe's answer (or the error it met), on one shared store. */
export async function storeProfile(factory: StoreFactory, options: StoreKindOptions = {}): Promise<Record<string, string>> {
  const lease = await factory();
  const profile: Record<string, string> = {};
  try {
    await withContext(lease.store, "put_get", factory, options, new Set(), async (ctx) => {
      for (const behaviour of STORE_BEHAVIOURS) {
        profile[behaviour.id] = await behaviour.probe(ctx).catch((error: unknown) => `probe failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  } finally {
    await lease.release();
  }
  return profile;
}

/** `capability/test_name` of the tests with this status. */
export function keysWith(results: readonly StoreTestResult[], status: StoreTestResult["status"]): string[] {
  return results.filter((r) => r.status === status).map((r) => r.key);
}

/** The names of the tests a list of declared deviations covers (by name or by catalog id). */
export function deviatingTests(results: readonly StoreTestResult[], deviations: readonly { tests?: readonly string[]; ids?: readonly string[] }[]): string[] {
  return results
    .filter((r) => deviations.some((d) => d.tests?.includes(r.name) || d.ids?.some((id) => r.ids.includes(id))))
    .map((r) => r.name)
    .sort();
}

/** Names of the required (non-advisory) tests that failed. */
export function requiredFailures(results: readonly StoreTestResult[]): string[] {
  return results.filter((r) => r.status === "failed" && !r.advisory).map((r) => r.name).sort();
}
