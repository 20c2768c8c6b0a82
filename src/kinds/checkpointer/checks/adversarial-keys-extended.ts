import { DeltaSnapshot, isDeltaSnapshot } from "@langchain/langgraph-checkpoint";
import { fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { asExtendedSaver } from "../extended-saver.js";
import { generateCheckpoint, generateConfig, generateMetadata, putCheckpointChain, putTestCheckpoint } from "../../../test-utils.js";
import { PATTERN_IDS, STORED_IDS, showId } from "./adversarial-ids.js";
import { listedRunIds, wholeThread } from "./extended-helpers.js";
import { idsOf, listAll } from "./helpers.js";
import { precondition } from "./precondition.js";
import type { ExtraTests } from "./extra-tests.js";
import type { SpecContext, SpecTest } from "./types.js";

/**
 * KEY for the extended operations: deleteForRuns, copyThread and prune touch
 * exactly the runs and threads they name (see adversarial-keys.ts for the base ones).
 */

const AS_DATA =
  "ids are data: the saver must not treat them as patterns (glob, LIKE, regex), fold case, normalise unicode or truncate them";

/** Deleted or pruned first, each while its lookalikes are still stored. */
const FIRST_TARGETS = ["user", "abc", "caf\u00e9", STORED_IDS.at(-2)!];

/** Two chained checkpoints on each lookalike thread; returns the thread ids. */
async function putLookalikeThreads(ctx: SpecContext): Promise<{ base: string; threads: string[] }> {
  const base = `${ctx.threadId("key")}/`;
  const threads = STORED_IDS.map((suffix) => base + suffix);
  for (const threadId of threads) await putCheckpointChain(ctx.saver, { threadId, length: 2 });
  return { base, threads };
}

/** How many checkpoints list() yields for each thread. */
async function counts(ctx: SpecContext, threads: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const threadId of threads) out.set(threadId, (await listAll(ctx.saver, wholeThread(threadId))).length);
  return out;
}

/** Fails naming every thread whose count differs from `expected`. */
async function expectCounts(ctx: SpecContext, expected: Map<string, number>, what: string): Promise<void> {
  const now = await counts(ctx, [...expected.keys()]);
  const changed = [...expected].filter(([threadId, n]) => now.get(threadId) !== n);
  if (changed.length > 0) {
    const detail = changed.map(([threadId, n]) => `thread ${showId(threadId)} lists ${now.get(threadId)} checkpoint(s), expected ${n}`);
    fail(`${what}; ${AS_DATA}`, detail);
  }
}

const deleteForRunsExact: SpecTest = {
  name: "test_key_delete_for_runs_deletes_only_the_named_runs",
  // deleteForRuns of patterns: a saver that matches them deletes other tests' checkpoints mid-test.
  exclusive: true,
  ids: ["KEY-06"],
  methods: ["IM-deleteForRuns-pattern"],
  needsHistory: true,
  description: "deleteForRuns() of patterns or of one lookalike run id deletes exactly the checkpoints of that run",
  async run(ctx) {
    const threadId = ctx.threadId("key");
    const base = `${threadId}/run/`;
    const runIds = STORED_IDS.map((suffix) => base + suffix);
    for (const runId of runIds) await putTestCheckpoint(ctx.saver, { threadId, metadata: generateMetadata("loop", 0, { run_id: runId }) });
    const expectRuns = async (expected: readonly string[], what: string) => {
      const listed = (await listedRunIds(ctx.saver, threadId)) as string[];
      const lost = expected.filter((runId) => !listed.includes(runId));
      const kept = listed.filter((runId) => !expected.includes(runId));
      if (lost.length + kept.length > 0) {
        fail(`${what}; ${AS_DATA}`, [
          ...lost.map((r) => `run ${showId(r)} was deleted`),
          ...kept.map((r) => `run ${showId(r)} is still listed`),
        ]);
      }
    };
    await precondition("list", "before deleteForRuns, list() shows a checkpoint of every run just put", () =>
      expectRuns(runIds, "before deleteForRuns, list() must show a checkpoint of every run"),
    );
    await asExtendedSaver(ctx.saver).deleteForRuns(PATTERN_IDS.map((suffix) => base + suffix));
    await expectRuns(
      runIds,
      "deleteForRuns() of run ids that no checkpoint carries (patterns and case, prefix and length variants of stored ones) must delete nothing",
    );
    let remaining = runIds;
    for (const suffix of FIRST_TARGETS) {
      await asExtendedSaver(ctx.saver).deleteForRuns([base + suffix]);
      remaining = remaining.filter((runId) => runId !== base + suffix);
      await expectRuns(remaining, `deleteForRuns([${showId(base + suffix)}]) must delete that run's checkpoint and no other`);
    }
  },
};

const copyThreadExact: SpecTest = {
  name: "test_key_copy_thread_copies_only_the_named_thread",
  // copyThread from patterns: a saver that matches them copies (and counts) whatever other tests are writing.
  exclusive: true,
  ids: ["KEY-07"],
  methods: ["IM-copyThread-pattern"],
  description: "copyThread() from a lookalike thread id copies exactly that thread; from a pattern, nothing",
  async run(ctx) {
    const { base, threads } = await putLookalikeThreads(ctx);
    const before = await counts(ctx, threads);
    for (const suffix of FIRST_TARGETS) {
      const source = base + suffix;
      const target = `${base}copy-of-${threads.indexOf(source)}`;
      await asExtendedSaver(ctx.saver).copyThread(source, target);
      const copied = idsOf(await listAll(ctx.saver, wholeThread(target))).sort();
      const own = idsOf(await listAll(ctx.saver, wholeThread(source))).sort();
      if (copied.join() !== own.join()) {
        fail(
          `copyThread(${showId(source)}, target) copied ${copied.length} checkpoint(s) where the source has ${own.length}: other threads' checkpoints were copied too, or the source's were missed; ${AS_DATA}`,
        );
      }
    }
    for (const suffix of PATTERN_IDS.slice(0, 6)) {
      const target = `${base}copy-of-pattern`;
      await asExtendedSaver(ctx.saver)
        .copyThread(base + suffix, target)
        .catch(() => undefined);
      const copied = await listAll(ctx.saver, wholeThread(target));
      if (copied.length > 0)
        fail(
          `copyThread(${showId(base + suffix)}, target), a source never put, copied ${copied.length} checkpoint(s) of other threads; ${AS_DATA}`,
        );
    }
    await expectCounts(ctx, before, "copyThread() must leave every source-like thread as it was");
  },
};

const pruneExact: SpecTest = {
  name: "test_key_prune_prunes_only_the_named_threads",
  // prune of patterns: a saver that matches them prunes other tests' threads mid-test.
  exclusive: true,
  ids: ["KEY-08"],
  methods: ["IM-prune-pattern"],
  description: "prune() of patterns or of one lookalike thread id prunes exactly that thread",
  async run(ctx) {
    const { base, threads } = await putLookalikeThreads(ctx);
    const expected = await counts(ctx, threads);
    await asExtendedSaver(ctx.saver).prune(
      PATTERN_IDS.map((suffix) => base + suffix),
      { strategy: "delete" },
    );
    await expectCounts(
      ctx,
      expected,
      'prune() with strategy "delete" of thread ids never put (patterns and case, prefix and length variants of stored ones) must delete nothing',
    );
    for (const suffix of FIRST_TARGETS) {
      await asExtendedSaver(ctx.saver).prune([base + suffix], { strategy: "keep_latest" });
      expected.set(base + suffix, 1);
      await expectCounts(ctx, expected, `prune([${showId(base + suffix)}], keep_latest) must prune that thread and no other`);
    }
  },
};

/** Lookalike threads that hold the same checkpoint ids, as copyThread leaves them, each with its own writes. */
const HISTORY_THREADS = ["user", "user:2", "user2", "abc", "Abc", "caf\u00e9", "cafe\u0301"];

const historyExact: SpecTest = {
  name: "test_key_delta_history_reads_only_the_named_thread",
  ids: ["KEY-09"],
  methods: ["IM-deltaHistory-pattern"],
  needsHistory: true,
  description: "getDeltaChannelHistory() on lookalike threads sharing checkpoint ids returns each thread's own seed and writes",
  async run(ctx) {
    const base = `${ctx.threadId("key")}/`;
    // The same three checkpoint ids on every thread: what copyThread leaves, before the copies diverge.
    const ids = [0, 1, 2].map(() => generateCheckpoint().id);
    for (const suffix of HISTORY_THREADS) {
      let parent: string | undefined;
      for (const [step, id] of ids.entries()) {
        const values: Record<string, unknown> = step === 0 ? { ch: new DeltaSnapshot(`seed ${suffix}`) } : {};
        const versions: Record<string, number> = step === 0 ? { ch: 1 } : {};
        const checkpoint = generateCheckpoint({ id, channelValues: values, channelVersions: versions });
        const config = await ctx.saver.put(generateConfig(base + suffix, "", parent), checkpoint, generateMetadata("loop", step), versions);
        if (step < 2) await ctx.saver.putWrites(config, [["ch", `${suffix} ${step}`]], `task-${step}`);
        parent = id;
      }
    }
    for (const suffix of HISTORY_THREADS) {
      const threadId = base + suffix;
      const result = await ctx.saver.getDeltaChannelHistory({ config: generateConfig(threadId, "", ids[2]), channels: ["ch"] });
      const writes = (result?.ch?.writes ?? []).map((w) => w[2]);
      const seed = result?.ch?.seed;
      const expected = [`${suffix} 0`, `${suffix} 1`];
      if (writes.join("|") !== expected.join("|") || !isDeltaSnapshot(seed) || seed.value !== `seed ${suffix}`) {
        fail(
          `getDeltaChannelHistory() of thread ${showId(threadId)} returned seed ${formatValue(seed)} and writes ${formatValue(writes)}, ` +
            `expected DeltaSnapshot(${formatValue(`seed ${suffix}`)}) and ${formatValue(expected)}: threads that share checkpoint ids (as copyThread makes them) must not mix; ${AS_DATA}`,
        );
      }
    }
  },
};

/** The KEY tests of the extended capabilities, by the capability whose suite runs them. */
export const adversarialExtendedKeyTests: ExtraTests = {
  delete_for_runs: [deleteForRunsExact],
  copy_thread: [copyThreadExact],
  prune: [pruneExact],
  delta_channel_history: [historyExact],
};
