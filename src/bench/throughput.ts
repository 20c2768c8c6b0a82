import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver, ChannelVersions } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { RegisteredCheckpointer } from "../registration.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../test-utils.js";
import { withTimeout } from "../util/timeout.js";
import { ALONE, withLifespan, withSubject, type CleanupPolicy } from "../runtime/lease.js";
import { errorText } from "../util/describe-value.js";
import { DEFAULT_LIFESPAN_TIMEOUT_MS } from "../run/options.js";
import { median, percentile } from "./stats.js";

/** The operations measured, in report order. @public */
export const THROUGHPUT_OPERATIONS = [
  "put",
  "putWrites",
  "getTuple (latest)",
  "getTuple (by id)",
  "list (whole thread)",
  "list (limit 10)",
  "list (filter)",
] as const;
export type ThroughputOperation = (typeof THROUGHPUT_OPERATIONS)[number];

/** @public */
export interface ThroughputOptions {
  /** Thread lengths to measure at. Default [10, 100, 1000]. */
  sizes?: readonly number[];
  /** Timed calls per operation and size (list of a whole thread uses fewer on long threads). Default 50. */
  samples?: number;
  /** Limit for any single call, in ms. Default 30000. */
  timeoutMs?: number;
}

/** @public */
export interface OperationStats {
  operation: ThroughputOperation;
  threadLength: number;
  calls: number;
  opsPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

/** How the cost of an operation grows with thread length. @public */
export type Growth = "flat" | "linear" | "worse" | "n/a";

/** @public */
export interface ThroughputResult {
  name: string;
  sizes: readonly number[];
  stats: OperationStats[];
  growth: Record<ThroughputOperation, Growth>;
}

const CHANNELS = { messages: ["hello"], counter: 1, scratch: { note: "x".repeat(64) } };

/**
 * Measures a saver's throughput: for each thread length, a fresh saver from the
 * registration's factory (inside its lifespan), a thread of that many chained
 * checkpoints, then timed calls of every operation.
 * @public
 */
export async function benchmarkSaver(registered: RegisteredCheckpointer, options: ThroughputOptions = {}): Promise<ThroughputResult> {
  const sizes = options.sizes ?? [10, 100, 1000];
  const samples = options.samples ?? 50;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const stats: OperationStats[] = [];
  // lease.ts's policy: the benchmark owns its savers and the lifespan; a cleanup that fails fails it, once it measured.
  const cleanupFailures: string[] = [];
  const cleanup = (what: string): CleanupPolicy => ({
    onCleanupFailure: (error) => cleanupFailures.push(`${what} failed: ${errorText(error)}`),
  });
  const limits = { timeoutMs, creating: "in the factory", load: ALONE };
  const fresh = <T>(body: (saver: BaseCheckpointSaver) => Promise<T>) =>
    withSubject(registered, limits, body, cleanup("the factory's cleanup"));
  const measure = withLifespan(
    registered,
    registered.lifespanTimeoutMs ?? DEFAULT_LIFESPAN_TIMEOUT_MS,
    async () => {
      // One discarded pass, so the first size measured is not the one that pays for JIT warm-up.
      await fresh((saver) => measureAt(saver, Math.min(...sizes), Math.min(samples, 10), timeoutMs));
      for (const size of sizes) stats.push(...(await fresh((saver) => measureAt(saver, size, samples, timeoutMs))));
    },
    cleanup("the lifespan's teardown"),
  );
  await measure.catch((error: unknown) => {
    if (cleanupFailures.length === 0) throw error;
    throw new Error(`${registered.name}: ${errorText(error)}; and ${cleanupFailures.join("; ")}`, { cause: error });
  });
  if (cleanupFailures.length > 0) throw new Error(`${registered.name}: ${cleanupFailures.join("; ")}`);
  const growth = Object.fromEntries(
    THROUGHPUT_OPERATIONS.map((op) => [op, classifyGrowth(stats.filter((s) => s.operation === op))]),
  ) as Record<ThroughputOperation, Growth>;
  return { name: registered.name, sizes, stats, growth };
}

async function measureAt(saver: BaseCheckpointSaver, size: number, samples: number, timeoutMs: number): Promise<OperationStats[]> {
  const threadId = `bench-${randomUUID()}`;
  const ids: string[] = [];
  let head: RunnableConfig | undefined;
  for (let step = 0; step < size; step++) head = await putNext(saver, threadId, head, step, ids);
  const timed = async (operation: ThroughputOperation, calls: number, call: (i: number) => Promise<unknown>) => {
    const latencies: number[] = [];
    for (let i = 0; i < calls; i++) {
      const start = performance.now();
      await withTimeout(call(i), timeoutMs, () => `in ${operation}`);
      latencies.push(performance.now() - start);
    }
    return toStats(operation, size, latencies);
  };
  const drain = async (config: RunnableConfig, opts?: Parameters<BaseCheckpointSaver["list"]>[1]) => {
    let n = 0;
    for await (const _ of saver.list(config, opts)) n++;
    return n;
  };
  const threadConfig = generateConfig(threadId);
  const pick = (i: number) => ids[(i * 7919) % ids.length];
  const out: OperationStats[] = [];
  out.push(await timed("putWrites", samples, (i) => saver.putWrites(head!, [["scratch", { i }]], `task-${i}`, `~bench:${i}`)));
  out.push(await timed("getTuple (latest)", samples, () => saver.getTuple(threadConfig)));
  out.push(await timed("getTuple (by id)", samples, (i) => saver.getTuple(generateConfig(threadId, "", pick(i)))));
  out.push(await timed("list (whole thread)", Math.max(3, Math.min(samples, Math.floor(5000 / size))), () => drain(threadConfig)));
  out.push(await timed("list (limit 10)", samples, () => drain(threadConfig, { limit: 10 })));
  out.push(await timed("list (filter)", samples, (i) => drain(threadConfig, { filter: { step: i % size } })));
  // Measured last: it lengthens the thread by `samples` checkpoints.
  let tip = head;
  out.unshift(
    await timed("put", samples, async (i) => {
      tip = await putNext(saver, threadId, tip, size + i, ids);
    }),
  );
  return out;
}

async function putNext(saver: BaseCheckpointSaver, threadId: string, parent: RunnableConfig | undefined, step: number, ids: string[]) {
  const checkpoint = generateCheckpoint({
    channelValues: { ...CHANNELS, counter: step },
    channelVersions: { messages: 1, counter: step + 1, scratch: 1 },
  });
  const config = generateConfig(threadId, "", parent?.configurable?.checkpoint_id as string | undefined);
  const newVersions: ChannelVersions = step === 0 ? { messages: 1, counter: 1, scratch: 1 } : { counter: step + 1 };
  const stored = await saver.put(config, checkpoint, generateMetadata("loop", step), newVersions);
  ids.push(checkpoint.id);
  return stored;
}

function toStats(operation: ThroughputOperation, threadLength: number, latencies: number[]): OperationStats {
  const total = latencies.reduce((a, b) => a + b, 0);
  return {
    operation,
    threadLength,
    calls: latencies.length,
    opsPerSec: total > 0 ? (latencies.length / total) * 1000 : Number.POSITIVE_INFINITY,
    p50Ms: median(latencies),
    p99Ms: percentile(latencies, 99),
  };
}

/**
 * The slope of log(p50) against log(thread length): about 0 is flat, about 1
 * linear, clearly above 1 worse. The steeper of the whole range's slope and
 * the slope between the two longest threads counts: a call's fixed cost (a
 * database round trip) flattens the whole range's slope, so 1.5 ms at 10,
 * 7.5 ms at 100 and 325 ms at 1,000 (slope 1.17 overall, 1.64 from 100 to
 * 1,000) is worse than linear. Noise on sub-millisecond calls is absorbed by
 * the thresholds.
 */
export function classifyGrowth(points: readonly OperationStats[]): Growth {
  const sorted = [...points].sort((a, b) => a.threadLength - b.threadLength);
  if (sorted.length < 2) return "n/a";
  const floor = 0.002; // ms: below this, timer resolution dominates
  const slopeBetween = (from: OperationStats, to: OperationStats) =>
    Math.log(Math.max(to.p50Ms, floor) / Math.max(from.p50Ms, floor)) / Math.log(to.threadLength / from.threadLength);
  const last = sorted[sorted.length - 1];
  const slope = Math.max(slopeBetween(sorted[0], last), slopeBetween(sorted[sorted.length - 2], last));
  if (slope < 0.35) return "flat";
  if (slope < 1.35) return "linear";
  return "worse";
}
