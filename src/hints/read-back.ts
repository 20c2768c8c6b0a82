import { randomUUID } from "node:crypto";
import type { BaseCheckpointSaver, CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { diffValues } from "../format.js";
import { subjectKindOf, type AnyRegistration } from "../registration.js";
import { failuresOf } from "../report/results.js";
import type { ReadBack, ReadBackReader, ReportSection } from "../report/types.js";
import { withSubject } from "../runtime/lease.js";
import type { SaverProfile } from "../profile/profile.js";
import { listAll } from "../spec/helpers.js";
import { withTimeout } from "../util/timeout.js";
import { at, putProbe } from "./probes/store.js";

/** One reader's view of a stored checkpoint, split by the writer that stored each part. */
interface View {
  checkpoint: unknown;
  writes: unknown;
}

/** What was put, as a correct reader shows it. */
interface Stored {
  thread: string;
  id: string;
  ts: string;
  parent: string | null;
  step: number;
  values: Record<string, unknown>;
  versions: Record<string, number>;
  /** `[taskId, channel, value]` in (taskId, idx) order. */
  writes: unknown[];
}

/** The read-back probe's answers for a checkpointer's run that has a counted failure (spec or section), else undefined. */
export async function readBackWhenFailed(
  registered: AnyRegistration,
  profile: SaverProfile,
  results: Parameters<typeof failuresOf>[0],
  sections: readonly ReportSection[],
  timeoutMs: number,
): Promise<ReadBack | undefined> {
  if (subjectKindOf(registered) !== "checkpointer") return undefined;
  const failed = failuresOf(results).length > 0 || sections.some((s) => (s.failures?.() ?? []).length > 0);
  return failed ? readBack(registered, profile, timeoutMs) : undefined;
}

/**
 * The round trip that tells a reader's bug from a writer's, run once on a
 * fresh saver when a run failed: two checkpoints (a parent and its child) with
 * pending writes of two tasks (put out of task order), a later checkpoint in a
 * child namespace and on another thread, then every checkpoint read back
 * through getTuple() (by id and the latest) and list(). Independent readers
 * that read the same round trip differently show what was stored is right and
 * one reader is wrong; every reader wrong shows the writer stored it wrong.
 * Undefined when the round trip could not run (the saver threw while writing,
 * or its factory did).
 */
export async function readBack(registered: AnyRegistration, profile: SaverProfile, timeoutMs: number): Promise<ReadBack | undefined> {
  try {
    return await withSubject(registered, { timeoutMs, creating: "in the factory (creating a saver for the read-back probe)" }, (saver) =>
      withTimeout(roundTrip(saver, profile === "latest-only"), timeoutMs, () => "in the read-back probe"),
      // A failed cleanup does not change what the readers answered.
      { onCleanupFailure: () => undefined },
    );
  } catch {
    return undefined;
  }
}

async function roundTrip(saver: BaseCheckpointSaver, latestOnly: boolean): Promise<ReadBack> {
  const thread = `probe-read-back-${randomUUID()}`;
  const first = await store(saver, { thread, parent: null, step: 0, values: { a: "one", n: 0 }, versions: { a: 1, n: 1 } }, [["task-1", [["a", "w1"]]]]);
  const latest = await store(saver, { thread, parent: first.id, step: 1, values: { a: "two", n: 0, e: "" }, versions: { a: 2, n: 1, e: 1 } }, [
    ["task-b", [["x", "b0"], ["y", 0]]],
    ["task-a", [["x", "a0"]]],
  ]);
  // Later checkpoints elsewhere: a reader that ignores the namespace or the thread finds them.
  await putProbe(saver, thread, "child:1", { values: { a: "child" } });
  await putProbe(saver, `${thread}-other`, "", { values: { a: "other" } });

  const kept = latestOnly ? [latest] : [latest, first];
  const byGetTuple: (CheckpointTuple | undefined)[] = [];
  const byList: (CheckpointTuple | undefined)[] = [];
  const getTupleRight = await reads(async () => {
    byGetTuple.push(await saver.getTuple(at(thread, "")));
    for (const s of kept) byGetTuple.push(await saver.getTuple(at(thread, "", s.id)));
  });
  const listRight = await reads(async () => byList.push(...(await listAll(saver, at(thread, "")))));
  const expected = [latest, ...kept].map(viewOfStored);
  const getTuple = views(byGetTuple, getTupleRight);
  const list = views(byList, listRight);
  const expectedList = kept.map(viewOfStored);
  return {
    checkpoint: { getTuple: same(expected.map((v) => v.checkpoint), getTuple?.map((v) => v.checkpoint)), list: same(expectedList.map((v) => v.checkpoint), list?.map((v) => v.checkpoint)) },
    writes: { getTuple: same(expected.map((v) => v.writes), getTuple?.map((v) => v.writes)), list: same(expectedList.map((v) => v.writes), list?.map((v) => v.writes)) },
  };
}

type Writes = [task: string, writes: [string, unknown][]][];

/** Puts one checkpoint on (thread, "") and its tasks' writes, and returns what a reader should show of it. */
async function store(saver: BaseCheckpointSaver, put: Omit<Stored, "id" | "ts" | "writes">, writes: Writes): Promise<Stored> {
  const ts = new Date().toISOString();
  const id = await putProbe(saver, put.thread, "", {
    ts,
    ...(put.parent !== null ? { parentId: put.parent } : {}),
    values: put.values,
    versions: put.versions,
    metadata: { source: "loop", step: put.step, parents: {} },
  });
  for (const [task, taskWrites] of writes) await saver.putWrites(at(put.thread, "", id), taskWrites, task);
  // Task ids in code point order, each task's writes in the order it sent them (JS-02).
  const ordered = [...writes]
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    .flatMap(([task, ws]) => ws.map(([channel, value]) => [task, channel, value]));
  return { ...put, id, ts, writes: ordered };
}

/** Runs a reader's reads; false when one threw (a reader that throws reads wrong). */
async function reads(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    return false;
  }
}

function views(tuples: readonly (CheckpointTuple | undefined)[], ran: boolean): View[] | undefined {
  return ran ? tuples.map(viewOfTuple) : undefined;
}

function viewOfStored(s: Stored): View {
  return {
    checkpoint: { thread: s.thread, ns: "", id: s.id, ts: s.ts, parent: s.parent, step: s.step, values: s.values, versions: s.versions },
    writes: s.writes,
  };
}

function viewOfTuple(t: CheckpointTuple | undefined): View {
  if (t === undefined) return { checkpoint: null, writes: null };
  const configurable = t.config?.configurable ?? {};
  return {
    checkpoint: {
      thread: configurable.thread_id,
      ns: configurable.checkpoint_ns,
      id: t.checkpoint?.id,
      ts: t.checkpoint?.ts,
      parent: t.parentConfig?.configurable?.checkpoint_id ?? null,
      step: t.metadata?.step,
      values: t.checkpoint?.channel_values,
      versions: t.checkpoint?.channel_versions,
    },
    writes: t.pendingWrites ?? [],
  };
}

function same(expected: unknown, observed: unknown): boolean {
  return observed !== undefined && diffValues(expected, observed, { max: 1 }).length === 0;
}

export type { ReadBack, ReadBackReader };
