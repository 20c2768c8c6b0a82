import type { BaseCache } from "@langchain/langgraph-checkpoint";
import { cacheTest, type CacheCapability, type CacheKindOptions } from "../../../src/index.js";
import { runKind, type KindRun } from "../run-kind.js";

export type { KindTestResult as CacheTestResult } from "../run-kind.js";

export interface CacheUnderTest {
  name: string;
  create(): BaseCache | Promise<BaseCache>;
  options?: CacheKindOptions;
}

/** The cache spec and behaviour profile on fresh caches from `target`, through validate(cacheTest(...)). */
export function runCacheSpec(target: CacheUnderTest, only?: readonly CacheCapability[]): Promise<KindRun> {
  const registered = cacheTest({ name: target.name, ...target.options }, async function* () {
    yield await target.create();
  });
  return runKind(registered, only);
}
