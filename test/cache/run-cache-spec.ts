import { randomUUID } from "node:crypto";
import type { BaseCache } from "@langchain/langgraph-checkpoint";
import { formatValue } from "../../src/format.js";
import { CACHE_BEHAVIOURS, CACHE_CAPABILITIES, CACHE_SPECS, cacheContext, detectCacheCapability, type CacheCapability, type CacheKindOptions, type CacheSpecContext } from "../../src/kinds/cache/index.js";

/**
 * A test-only runner for the cache spec (until the engine runs kinds): one
 * fresh cache per capability, shared by its tests; a fresh one per
 * `freshSubject()`; each test bounded by a timeout. Never throws for a test.
 */

export interface CacheUnderTest {
  name: string;
  create(): BaseCache | Promise<BaseCache>;
  options?: CacheKindOptions;
}

export interface CacheTestResult {
  capability: CacheCapability;
  name: string;
  advisory: boolean;
  status: "passed" | "failed" | "skipped";
  /** The failure's message, or why it was skipped. */
  message?: string;
}

/** `capability/test_name`. */
export const resultKey = (r: Pick<CacheTestResult, "capability" | "name">): string => `${r.capability}/${r.name}`;

const TEST_TIMEOUT_MS = 20_000;

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function contextFor(target: CacheUnderTest, subject: BaseCache, capability: CacheCapability): CacheSpecContext {
  const options = target.options ?? {};
  return cacheContext({
    subject,
    capability,
    options,
    uniqueId: (label = "id") => `${label}-${randomUUID()}`,
    freshSubject: async () => target.create(),
    has: (cap) => detectCacheCapability(subject, cap, options).kind === "detected",
  });
}

export async function runCacheSpec(target: CacheUnderTest, only?: readonly CacheCapability[]): Promise<CacheTestResult[]> {
  const results: CacheTestResult[] = [];
  for (const { id: capability } of CACHE_CAPABILITIES) {
    const spec = CACHE_SPECS[capability];
    if (!spec || (only && !only.includes(capability))) continue;
    const subject = await target.create();
    const detection = detectCacheCapability(subject, capability, target.options);
    for (const test of spec.tests) {
      const base = { capability, name: test.name, advisory: test.advisory ?? false };
      if (detection.kind !== "detected") {
        results.push({ ...base, status: "skipped", message: "reason" in detection ? detection.reason : detection.kind });
        continue;
      }
      try {
        await withTimeout(test.run(contextFor(target, subject, capability)), TEST_TIMEOUT_MS, test.name);
        results.push({ ...base, status: "passed" });
      } catch (error) {
        results.push({ ...base, status: "failed", message: error instanceof Error ? error.message : formatValue(error) });
      }
    }
  }
  return results;
}

/** Every behaviour's answer for this cache (a probe that throws answers with its error). */
export async function probeCacheBehaviours(target: CacheUnderTest): Promise<Record<string, string>> {
  const subject = await target.create();
  const answers: Record<string, string> = {};
  for (const behaviour of CACHE_BEHAVIOURS) {
    try {
      answers[behaviour.id] = await withTimeout(behaviour.probe(contextFor(target, subject, "get_set")), TEST_TIMEOUT_MS, behaviour.id);
    } catch (error) {
      answers[behaviour.id] = `the probe failed: ${error instanceof Error ? error.message : formatValue(error)}`;
    }
  }
  return answers;
}
