import fc from "fast-check";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Pools } from "../arbitraries.js";
import { diffList, diffTuple } from "../compare.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { listAll } from "../../checks/helpers.js";
import { VocabularyGuard } from "../vocabulary.js";

const GET_IDS = ["GT-02", "GT-03", "GT-04", "GT-07", "GT-08", "GT-09", "JS-02"] as const;
const LIST_IDS = ["LS-01", "LS-04", "LS-13", "LS-14", "LS-15", "LS-17"] as const;
/** Checkpoints read by id per (thread, namespace): every one of a regular thread, the newest of a long one. */
const READS_PER_NAMESPACE = 6;
/** Namespaces read by id per thread: every one of a regular thread, the first 12 of a wide one. */
const NAMESPACES_PER_THREAD = 12;

/**
 * Reads back everything the model holds: each stored checkpoint by id and
 * the latest of each (thread, namespace) (the newest 6 of a long thread, the
 * first 12 namespaces of a wide one), and each thread's list. A bug in a write
 * (a lost parent link, a copy of the latest checkpoint only, a prune across
 * namespaces, a special write kept twice) then shows at the next check, not
 * only when a random read happens to land on the damaged checkpoint.
 */
export class StateCheckCommand implements fc.AsyncCommand<ModelState, RealState> {
  /** `withLists: false` reads the checkpoints only (a cheaper check before more data is added). */
  constructor(
    private readonly threads: readonly string[],
    private readonly withLists = true,
  ) {}

  check(): boolean {
    return true;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const threads = new Set(m.model.allCoordinates().map((c) => c.threadId));
    const reads: RunnableConfig[] = [];
    // A few namespaces of a wide thread; the thread's list below compares every one.
    const groups = [...threads].flatMap((threadId) =>
      m.model
        .namespaces(threadId)
        .slice(0, NAMESPACES_PER_THREAD)
        .map((ns) => [threadId, ns] as const),
    );
    for (const [threadId, ns] of groups) {
      // The newest of a long thread by id; the thread's list compares all of them.
      for (const checkpointId of m.model.checkpointIds(threadId, ns).slice(-READS_PER_NAMESPACE)) {
        reads.push({ configurable: { thread_id: threadId, checkpoint_ns: ns, checkpoint_id: checkpointId } });
      }
      reads.push({ configurable: { thread_id: threadId, checkpoint_ns: ns } });
    }
    for (const config of reads) await checkTuple(m, r, config);
    for (const threadId of this.withLists ? this.threads : []) {
      const config: RunnableConfig = { configurable: { thread_id: threadId } };
      await m.env.recordOnFailure(`console.log(await all(saver.list(${ts(config)})));`, async () => {
        const actual = (await m.env.call("list()", LIST_IDS, () => listAll(r.saver, config)))?.value ?? [];
        m.env.expectSame("list()", LIST_IDS, diffList(m.model.list(config), actual), () =>
          diffList(m.model.list(config, {}, "task-id"), actual),
        );
      });
    }
  }

  toString(): string {
    return "checkState()";
  }
}

/** Reads one tuple and compares it with the model's; the read joins the reproduction only when they disagree. */
export async function checkTuple(m: ModelState, r: RealState, config: RunnableConfig): Promise<void> {
  await m.env.recordOnFailure(`console.log(await saver.getTuple(${ts(config)}));`, async () => {
    const actual = (await m.env.call("getTuple()", GET_IDS, () => r.saver.getTuple(config)))?.value;
    m.env.expectSame("getTuple()", GET_IDS, diffTuple(m.model.getTuple(config), actual), () =>
      diffTuple(m.model.getTuple(config, "task-id"), actual),
    );
  });
}

export const stateCheckCommand = (pools: Pools): fc.Arbitrary<StateCheckCommand> =>
  fc.constant(null).map(() => new StateCheckCommand(pools.threads));

/**
 * Runs a sequence's commands, then reads back everything the sequence left (VAL-15's idea):
 * a TTL in the wrong unit, a cache that expires or a lagging replica loses or changes what
 * was written early, and only a read at the end shows it.
 */
export async function runThenReread(
  setup: () => { model: ModelState; real: RealState },
  commands: Iterable<fc.AsyncCommand<ModelState, RealState>>,
): Promise<void> {
  // Every call the commands make passes the vocabulary's check (vocabulary.ts): one outside it fails the sequence.
  const vocabulary = new VocabularyGuard();
  try {
    let state: { model: ModelState; real: RealState } | undefined;
    const watched = () => {
      const { model, real } = setup();
      return (state = { model, real: { saver: vocabulary.watch(real.saver) } });
    };
    await fc.asyncModelRun(watched, commands);
    const { model, real } = state!;
    const threads = [...new Set(model.model.allCoordinates().map((c) => c.threadId))];
    await new StateCheckCommand(threads).run(model, real);
  } catch (error) {
    vocabulary.throwIfBroken();
    throw error;
  }
  vocabulary.throwIfBroken();
}
