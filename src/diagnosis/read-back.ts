import { randomUUID } from "node:crypto";
import { uuid6, type BaseCache, type BaseCheckpointSaver, type BaseStore, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { diffValues } from "../format.js";
import { subjectKindOf, type AnyRegistration } from "../registration.js";
import { failuresOf } from "../report/results.js";
import type { ReadBack, ReadBackReader, ReportSection } from "../report/types.js";
import { ALONE, withSubject } from "../runtime/lease.js";
import type { SaverProfile } from "../kinds/checkpointer/profile.js";
import { listAll } from "../kinds/checkpointer/checks/helpers.js";
import { LARGE_STEPS, pythonTimestamp, pythonVersion } from "../kinds/checkpointer/checks/adversarial-pools.js";
import { withTimeout } from "../util/timeout.js";
import { at, putProbe } from "../kinds/checkpointer/probes/store.js";
import { storeRoundTrip } from "../kinds/store/read-back.js";
import { cacheRoundTrip } from "../kinds/cache/read-back.js";
import { KIND_DESCRIPTORS } from "../kinds/descriptors.js";
import type { StoreKindOptions } from "../kinds/store/options.js";
import { cacheChecks, checkpointerChecks, methodAnswersWithin, storeChecks, storeReaderChecks } from "./method-checks.js";
import { byTaskId, readerChecks } from "./reader-checks.js";

/** The test a capability reports when its factory failed (src/engine/capability-run.ts, as verdict.ts reads it). */
const FACTORY_TEST = "factory";

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
  versions: Record<string, number | string>;
  /** `[taskId, channel, value]` in (taskId, idx) order. */
  writes: unknown[];
  /** put() returned the config of the checkpoint it stored. */
  returnedRight: boolean;
}

/**
 * The read-back probe's answers for a checkpointer's run that has a counted
 * failure (spec, or a section's that names a clause), else undefined; never when the factory failed
 * (the probe needs a saver from it, and there is no round trip to place).
 */
export async function readBackWhenFailed(
  registered: AnyRegistration,
  profile: SaverProfile,
  results: Parameters<typeof failuresOf>[0],
  sections: readonly ReportSection[],
  timeoutMs: number,
): Promise<ReadBack | undefined> {
  const failures = failuresOf(results);
  if (failures.some(({ test }) => test.name === FACTORY_TEST)) return undefined;
  // A section that could not run or was cut short names no clause: no round trip to place (and a factory that hung there would hang the probe too).
  const failed = failures.length > 0 || sections.some((s) => (s.failures?.() ?? []).some((f) => f.ids.length > 0));
  return failed ? readBack(registered, profile, timeoutMs) : undefined;
}

/**
 * The round trip that tells a reader's bug from a writer's, run once on a
 * fresh saver when a run failed. On one thread: a first checkpoint as Python
 * LangGraph writes it (a microsecond `+00:00` ts, a string version, a step
 * past int32), its child, the latest, which drops a channel, and (for a full
 * history) a fork of the first put last with a lower id but a higher step;
 * pending writes of two tasks put out of task order; later checkpoints in a
 * child namespace and on another thread. Every checkpoint is then read back
 * through getTuple() (by id, and the latest) and list(). Only what every
 * saver must keep is compared. Independent readers that read the same round
 * trip differently show what was stored is right and one reader is wrong;
 * every reader wrong shows the writer stored it wrong. Where the readers read
 * it right, targeted checks of single methods follow on the same saver
 * (`methods`: bugs only another method's answer shows), and the readers (a
 * checkpointer's, a store's) are checked where only they can answer wrong (`readers`: bugs in
 * code the readers share, which the round trip shows as the writer's). Undefined when the round
 * trip could not run (the saver threw while writing, or its factory did).
 */
export async function readBack(registered: AnyRegistration, profile: SaverProfile, timeoutMs: number): Promise<ReadBack | undefined> {
  // A store's round trip reads through get() and search() (./store-read-back.ts), a cache's through get() two ways (./cache-read-back.ts).
  const kind = subjectKindOf(registered);
  const latestOnly = profile === "latest-only";
  const trip = (subject: unknown) =>
    kind === "store"
      ? storeRoundTrip(subject as BaseStore)
      : kind === "cache"
        ? cacheRoundTrip(subject as BaseCache)
        : roundTrip(subject as BaseCheckpointSaver, latestOnly);
  const tripAndChecks = async (subject: unknown): Promise<ReadBack> => {
    const answers = await withTimeout(trip(subject), timeoutMs, () => "in the read-back probe");
    const methods = await methodAnswersWithin(timeoutMs, methodChecks(registered, subject, answers, latestOnly));
    // The reader checks do not need the round trip read right: each writes so that only a reader can answer wrong the way it looks for.
    const readers = await methodAnswersWithin(timeoutMs, readerChecksOf(registered, subject, latestOnly));
    return { ...answers, ...(Object.keys(methods).length > 0 ? { methods } : {}), ...(Object.keys(readers).length > 0 ? { readers } : {}) };
  };
  try {
    return await withSubject<ReadBack, unknown>(
      registered,
      { timeoutMs, creating: `in the factory (creating a ${KIND_DESCRIPTORS[kind].noun} for the read-back probe)`, load: ALONE },
      tripAndChecks,
      // A failed cleanup does not change what the readers answered.
      { onCleanupFailure: () => undefined },
    );
  } catch {
    return undefined;
  }
}

/** The targeted checks of single methods (./method-checks.ts): each reads through readers the round trip found right, so they run only then. */
function methodChecks(
  registered: AnyRegistration,
  subject: unknown,
  answers: ReadBack,
  latestOnly: boolean,
): Record<string, () => Promise<boolean | undefined>> {
  const kind = subjectKindOf(registered);
  if (kind === "store")
    return answers.checkpoint.get && answers.checkpoint.search
      ? storeChecks(subject as BaseStore, (registered as { options?: StoreKindOptions }).options ?? {})
      : {};
  if (kind === "cache") return answers.checkpoint.getOneKey ? cacheChecks(subject as BaseCache) : {};
  const readsRight = answers.checkpoint.getTuple === true && answers.lookalikeIds?.getTuple !== false;
  return readsRight ? checkpointerChecks(subject as BaseCheckpointSaver, latestOnly) : {};
}

/** The reader checks: a checkpointer's (./reader-checks.ts), a store's item dates and, with a declared TTL, its expiry (./method-checks.ts); none for a cache. */
function readerChecksOf(
  registered: AnyRegistration,
  subject: unknown,
  latestOnly: boolean,
): Record<string, () => Promise<Partial<Record<ReadBackReader, boolean>> | undefined>> {
  const kind = subjectKindOf(registered);
  if (kind === "store") return storeReaderChecks(subject as BaseStore, (registered as { options?: StoreKindOptions }).options ?? {});
  return kind === "checkpointer" ? readerChecks(subject as BaseCheckpointSaver, latestOnly) : {};
}

async function roundTrip(saver: BaseCheckpointSaver, latestOnly: boolean): Promise<ReadBack> {
  const thread = `probe-read-back-${randomUUID()}`;
  const [firstId, forkId, latestId] = [uuid6(-1), uuid6(-1), uuid6(-1)];
  const step = LARGE_STEPS[0];
  const first = await store(
    saver,
    {
      thread,
      id: firstId,
      ts: pythonTimestamp(new Date(Date.UTC(2024, 6, 31, 20, 14, 19)), 804150),
      parent: null,
      step,
      values: { a: "one", n: 0 },
      versions: { a: pythonVersion(1, 0.5434), n: 1 },
    },
    [["task-1", [["a", "w1"]]]],
  );
  const latest = await store(
    saver,
    {
      thread,
      id: latestId,
      ts: new Date().toISOString(),
      parent: first.id,
      step: step + 1,
      values: { a: "two", e: "" },
      versions: { a: 2, e: 1 },
    },
    [
      [
        "task-b",
        [
          ["x", "b0"],
          ["y", 0],
        ],
      ],
      ["task-a", [["x", "a0"]]],
    ],
  );
  // A fork put last: a reader that takes the last put or the highest step for the latest finds it.
  const fork = latestOnly
    ? []
    : [
        await store(
          saver,
          { thread, id: forkId, ts: new Date().toISOString(), parent: first.id, step: step + 2, values: { a: "fork" }, versions: { a: 3 } },
          [],
        ),
      ];
  // Later checkpoints elsewhere: a reader that ignores the namespace or the thread finds them.
  await putProbe(saver, thread, "child:1", { values: { a: "child" } });
  await putProbe(saver, `${thread}-other`, "", { values: { a: "other" } });

  const kept = latestOnly ? [latest] : [latest, ...fork, first];
  const byGetTuple: (CheckpointTuple | undefined)[] = [];
  const byList: CheckpointTuple[] = [];
  // A thread never put: each reader must find nothing there.
  const unknown = `${thread}-never-put`;
  const foundUnknown = { getTuple: false, list: false };
  const getTupleRan = await reads(async () => {
    byGetTuple.push(await saver.getTuple(at(thread, "")));
    for (const s of kept) byGetTuple.push(await saver.getTuple(at(thread, "", s.id)));
    foundUnknown.getTuple = (await saver.getTuple(at(unknown, ""))) !== undefined;
  });
  const listRan = await reads(async () => {
    byList.push(...(await listAll(saver, at(thread, ""))));
    foundUnknown.list = (await listAll(saver, at(unknown, ""))).length > 0;
  });
  // A latest-only saver keeps no history, so its tuples carry no parentConfig.
  const answers = (expected: readonly Stored[], tuples: readonly (CheckpointTuple | undefined)[], ran: boolean) => {
    const observed = ran ? tuples.map((t) => viewOfTuple(t, !latestOnly)) : undefined;
    const views = expected.map((s) => viewOfStored(s, !latestOnly));
    return {
      checkpoint: same(
        views.map((v) => v.checkpoint),
        observed?.map((v) => v.checkpoint),
      ),
      writes: same(
        views.map((v) => v.writes),
        observed?.map((v) => v.writes),
      ),
    };
  };
  const getTuple = answers([latest, ...kept], byGetTuple, getTupleRan);
  const list = answers(kept, byList, listRan);
  // Ids that only look like the stored thread's (another case, a LIKE wildcard, a trailing space): each reader must find nothing there.
  const lookalikes = [thread.toUpperCase(), `${thread.slice(0, -1)}_`, `${thread.slice(0, -2)}%`, `${thread} `];
  const lookalikeIds = {
    getTuple: await readsNothing(async () =>
      (await Promise.all(lookalikes.map((id) => saver.getTuple(at(id, ""))))).every((t) => t === undefined),
    ),
    list: await readsNothing(async () =>
      (await Promise.all(lookalikes.map((id) => listAll(saver, at(id, ""))))).every((tuples) => tuples.length === 0),
    ),
  };
  return {
    checkpoint: { getTuple: getTuple.checkpoint && !foundUnknown.getTuple, list: list.checkpoint && !foundUnknown.list },
    writes: { getTuple: getTuple.writes, list: list.writes },
    putConfig: [first, latest, ...fork].every((s) => s.returnedRight),
    lookalikeIds,
  };
}

/** Whether reads of lookalike ids found nothing; a reader that throws there found nothing wrong. */
async function readsNothing(run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch {
    return true;
  }
}

type Writes = [task: string, writes: [string, unknown][]][];

/** Puts one checkpoint on (thread, "") and its tasks' writes, and returns what a reader should show of it. */
async function store(saver: BaseCheckpointSaver, put: Omit<Stored, "writes" | "returnedRight">, writes: Writes): Promise<Stored> {
  let returnedRight = false;
  const named = { thread_id: put.thread, checkpoint_ns: "", checkpoint_id: put.id };
  await putProbe(saver, put.thread, "", {
    returned: (config) => (returnedRight = same(named, pick(config?.configurable ?? {}, Object.keys(named)))),
    id: put.id,
    ts: put.ts,
    ...(put.parent !== null ? { parentId: put.parent } : {}),
    values: put.values,
    versions: put.versions,
    metadata: { source: "loop", step: put.step, parents: {} },
  });
  for (const [task, taskWrites] of writes) await saver.putWrites(at(put.thread, "", put.id), taskWrites, task);
  // Each task's writes in the order it sent them, the tasks in the contract's order (JS-02).
  const ordered = [...writes]
    .sort(([x], [y]) => byTaskId(x, y))
    .flatMap(([task, ws]) => ws.map(([channel, value]) => [task, channel, value]));
  return { ...put, writes: ordered, returnedRight };
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

function viewOfStored(s: Stored, withParent: boolean): View {
  return {
    checkpoint: {
      thread: s.thread,
      ns: "",
      id: s.id,
      ts: s.ts,
      ...(withParent ? { parent: s.parent === null ? null : { thread_id: s.thread, checkpoint_ns: "", checkpoint_id: s.parent } } : {}),
      step: s.step,
      values: s.values,
      versions: s.versions,
    },
    writes: s.writes,
  };
}

function viewOfTuple(t: CheckpointTuple | undefined, withParent: boolean): View {
  if (t === undefined) return { checkpoint: null, writes: null };
  const configurable = t.config?.configurable ?? {};
  return {
    checkpoint: {
      thread: configurable.thread_id,
      ns: configurable.checkpoint_ns,
      id: t.checkpoint?.id,
      ts: t.checkpoint?.ts,
      ...(withParent
        ? {
            parent:
              t.parentConfig === undefined
                ? null
                : pick(t.parentConfig.configurable ?? {}, ["thread_id", "checkpoint_ns", "checkpoint_id"]),
          }
        : {}),
      step: t.metadata?.step,
      values: t.checkpoint?.channel_values,
      versions: t.checkpoint?.channel_versions,
    },
    writes: t.pendingWrites ?? [],
  };
}

function pick(object: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => k in object).map((k) => [k, object[k]]));
}

function same(expected: unknown, observed: unknown): boolean {
  return observed !== undefined && diffValues(expected, observed, { max: 1 }).length === 0;
}

export type { ReadBack, ReadBackReader };
