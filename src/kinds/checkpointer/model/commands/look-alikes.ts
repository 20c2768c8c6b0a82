import fc from "fast-check";
import type { Checkpoint, CheckpointMetadata, PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointIdOf, timestampOf, type Pools } from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { DeleteThreadCommand } from "./delete-thread.js";
import { checkDeltaHistory } from "./delta-history.js";
import { CopyThreadCommand } from "./extended.js";
import { StateCheckCommand, checkTuple } from "./state-check.js";

/** What happens once the look-alikes hold data: one of them is deleted, copied onto another, or its history read. */
type LookAlikeAction =
  | { kind: "delete"; victim: string }
  | { kind: "copy"; source: string; target: string }
  | { kind: "history"; threadId: string };

/**
 * Thread ids named like `Object.prototype` members (IM-put-plain-object-map): a saver keeping threads in a plain
 * object (`storage[thread] ??= {}`) finds the inherited member, so it shares the thread with every other saver and
 * never deletes it. `constructor` and `__proto__` are left out: MemorySaver rejects them (its prototype-pollution
 * guard), so a saver may reject them, and the model's contract is what every saver must do.
 */
export const PROTOTYPE_THREADS = ["toString", "hasOwnProperty"] as const;

/**
 * The family's prototype-named thread, probed when the family's first thread is deleted (derived: the victim was
 * drawn, so a seed's sequences keep their draws): read while it holds nothing (on a fresh saver: another saver of
 * the process may have shared it), put, read and listed, deleted, and read again. It holds nothing before and
 * after, so the other commands never meet it.
 */
async function probePrototypeThread(m: ModelState, r: RealState, family: readonly string[]): Promise<void> {
  const threadId = PROTOTYPE_THREADS[family[0]!.length % PROTOTYPE_THREADS.length]!;
  const latest: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
  await checkTuple(m, r, latest);
  await put(m, r, threadId, ROOT_SEED, undefined, LOOK_ALIKE_STRINGS[m.env.transcript.length % LOOK_ALIKE_STRINGS.length]);
  await new DeleteThreadCommand(threadId).run(m, r);
}

/** The ids the filled threads share: a root checkpoint and its child, so look-alikes hold the same checkpoint ids. */
const ROOT_SEED = 1;
const CHILD_SEED = 2;

/**
 * Makes the sequence's look-alike threads meet: every thread of the family
 * that holds nothing in the root namespace (the copy target excepted) gets a
 * checkpoint there with a pending write and a child checkpoint, all under the
 * same ids in every thread (what the threads held is read back first). Then
 * one thread is deleted (or copied onto an empty one) and everything is read
 * back (each thread's list, each checkpoint), or one thread's delta history
 * is read. A saver that matches ids as patterns or
 * prefixes, or folds them by case or normalization, lists, deletes, copies,
 * replays or overwrites a look-alike here, instead of only when random
 * commands happen to fill two of them.
 */
export class LookAlikesCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly threads: readonly string[],
    private readonly action: LookAlikeAction,
  ) {}

  check(m: Readonly<ModelState>): boolean {
    switch (this.action.kind) {
      case "delete":
        return true;
      case "copy":
        return this.action.source !== this.action.target && m.model.isDefinedCopy(this.action.source, this.action.target);
      case "history":
        return m.model.hasFiniteAncestry(this.action.threadId, "", undefined);
    }
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    // What earlier commands stored is read first: a bug they show is reported before the fill's lines.
    await new StateCheckCommand(this.threads, false).run(m, r);
    for (const threadId of this.threadsToFill(m)) await fill(m, r, threadId);
    const action = this.action;
    if (action.kind === "delete") await new DeleteThreadCommand(action.victim).run(m, r);
    if (action.kind === "delete" && action.victim === this.threads[0]) await probePrototypeThread(m, r, this.threads);
    if (action.kind === "copy") await new CopyThreadCommand(action.source, action.target).run(m, r);
    // A history read changes nothing: it is the only read then.
    if (action.kind === "history")
      return checkDeltaHistory(m, r, { configurable: { thread_id: action.threadId, checkpoint_ns: "" } }, ["a"]);
    await new StateCheckCommand(this.threads).run(m, r);
  }

  /** The threads without a root checkpoint (they get ids ROOT_SEED and CHILD_SEED, free there); never the copy target. */
  private threadsToFill(m: Readonly<ModelState>): string[] {
    const target = this.action.kind === "copy" ? this.action.target : undefined;
    return this.threads.filter((t) => t !== target && m.model.checkpointIds(t, "").length === 0);
  }

  toString(): string {
    const action = this.action;
    if (action.kind === "delete") return `lookAlikes(delete ${JSON.stringify(action.victim)})`;
    if (action.kind === "copy") return `lookAlikes(copy ${JSON.stringify(action.source)} -> ${JSON.stringify(action.target)})`;
    return `lookAlikes(history of ${JSON.stringify(action.threadId)})`;
  }
}

/**
 * Strings that look like another type or hold a quote, as a value of channel "look-alike" and of a second write (derived:
 * the n-th thread filled in a sequence gets the n-th): a client that decodes JSON on read returns 42, true, null
 * or [] for them (IM-putWrites-client-decoding).
 */
export const LOOK_ALIKE_STRINGS = ["42", "true", "null", "[]", '"quoted"', "it's", "{}", "-0"] as const;
/** Their channel: none of the sequence's channels, so no other put stores it at a version of its own (a blob per version keeps the first value). */
const LOOK_ALIKE_CHANNEL = "look-alike";

/** A root checkpoint holding the thread's own id, pending writes naming the thread, and a child checkpoint. */
async function fill(m: ModelState, r: RealState, threadId: string): Promise<void> {
  const turn = m.env.transcript.length;
  const root = await put(m, r, threadId, ROOT_SEED, undefined, LOOK_ALIKE_STRINGS[turn % LOOK_ALIKE_STRINGS.length]);
  const writes: PendingWrite[] = [
    ["a", `written in ${threadId}`],
    [LOOK_ALIKE_CHANNEL, LOOK_ALIKE_STRINGS[(turn + 1) % LOOK_ALIKE_STRINGS.length]!],
  ];
  m.env.record(`await saver.putWrites(${ts(root)}, ${ts(writes)}, "task-a");`);
  m.model.putWrites(root, writes, "task-a");
  await m.env.call("putWrites()", ["PW-01", "KEY-05"], () => r.saver.putWrites(root, structuredClone(writes), "task-a"));
  await put(m, r, threadId, CHILD_SEED, checkpointIdOf(ROOT_SEED));
}

async function put(
  m: ModelState,
  r: RealState,
  threadId: string,
  seed: number,
  parentId: string | undefined,
  lookAlike?: string,
): Promise<RunnableConfig> {
  const config: RunnableConfig = {
    configurable: { thread_id: threadId, checkpoint_ns: "", ...(parentId ? { checkpoint_id: parentId } : {}) },
  };
  const version = m.env.nextVersion();
  const values: Record<string, unknown> = { a: `${threadId} #${seed}` };
  const versions: Record<string, number> = { a: version };
  if (lookAlike !== undefined) [values[LOOK_ALIKE_CHANNEL], versions[LOOK_ALIKE_CHANNEL]] = [lookAlike, version];
  const checkpoint: Checkpoint = {
    v: 4,
    id: checkpointIdOf(seed),
    ts: timestampOf(seed),
    channel_values: values,
    channel_versions: versions,
    versions_seen: {},
  };
  const metadata = { source: "input", step: seed - 2, parents: {} } as CheckpointMetadata;
  m.env.record(`await saver.put(${ts(config)}, ${ts(checkpoint)}, ${ts(metadata)}, ${ts(versions)});`);
  m.model.put(config, checkpoint, metadata);
  await m.env.call("put()", ["PUT-01", "KEY-01"], () =>
    r.saver.put(config, structuredClone(checkpoint), structuredClone(metadata), { ...versions }),
  );
  return { configurable: { thread_id: threadId, checkpoint_ns: "", checkpoint_id: checkpoint.id } };
}

export const lookAlikesCommand = (pools: Pools): fc.Arbitrary<LookAlikesCommand> =>
  fc.constantFrom(...pools.threads).map((victim) => new LookAlikesCommand(pools.threads, { kind: "delete", victim }));

/** For savers with copyThread: a look-alike copied onto another (empty) one. */
export const lookAlikesCopyCommand = (pools: Pools): fc.Arbitrary<LookAlikesCommand> =>
  fc
    .tuple(fc.constantFrom(...pools.threads), fc.constantFrom(...pools.threads))
    .map(([source, target]) => new LookAlikesCommand(pools.threads, { kind: "copy", source, target }));

/** For savers with getDeltaChannelHistory (every saver: it is inherited): a look-alike's history of channel "a". */
export const lookAlikesHistoryCommand = (pools: Pools): fc.Arbitrary<LookAlikesCommand> =>
  fc.constantFrom(...pools.threads).map((threadId) => new LookAlikesCommand(pools.threads, { kind: "history", threadId }));
