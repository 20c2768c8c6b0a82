import { describe, expect, it } from "vitest";
import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointerTest } from "../../src/index.js";
import { shrinkLoops, type Loop } from "../../src/kinds/checkpointer/model/delta-debug.js";
import { SequenceReplayer } from "../../src/kinds/checkpointer/model/run-model.js";
import { LongThreadCommand } from "../../src/kinds/checkpointer/model/commands/long-thread.js";

/** list() that ignores `limit` (the limit is never passed to the query). */
class ListIgnoresLimit extends MemorySaver {
  override async *list(config: RunnableConfig, options: CheckpointListOptions = {}): AsyncGenerator<CheckpointTuple> {
    yield* super.list(config, { ...options, limit: undefined });
  }
}

/** A loop of `n` repetitions that fails from `threshold` repetitions on. */
interface Repeated extends Loop<Repeated> {
  threshold: number;
}
const repeated = (repetitions: number, threshold: number): Repeated => ({
  repetitions,
  threshold,
  withRepetitions: (n) => repeated(n, threshold),
});

describe("a reproduction's loops are cut to the fewest repetitions that still fail (issue 25)", () => {
  it("bisects each loop between 1 and its count, leaving other calls as they are", async () => {
    let replays = 0;
    const reproduces = async (items: readonly (Repeated | string)[]) => {
      replays++;
      return items.every((item) => typeof item === "string" || item.repetitions >= item.threshold);
    };
    const loopOf = (item: Repeated | string) => (typeof item === "string" ? undefined : item);
    const shrunk = await shrinkLoops<Repeated | string>(["put", repeated(101, 7), repeated(12, 12)], loopOf, reproduces, 32);
    expect(shrunk.items.map((i) => (typeof i === "string" ? i : i.repetitions))).toEqual(["put", 7, 12]);
    expect(shrunk.replays).toBe(replays);
    expect(replays).toBeLessThanOrEqual(7 + 4);
  });

  it("a list() that ignores limit, caught by a long thread's limited read, reproduces with a loop of 2 puts and limit 1, not 105 puts", {
    timeout: 60_000,
  }, async () => {
    const longThread = new LongThreadCommand({ enabled: true, threadId: "t", ns: "", length: 105, forkAt: 0 }, ["run-1"]);
    const replayer = new SequenceReplayer(
      checkpointerTest({ name: "list-ignores-limit" }, () => new ListIgnoresLimit()),
      new Map(),
      5_000,
      { onCleanupFailure: () => undefined },
    );
    const full = await replayer.replay([longThread]);
    expect(full?.error.operation).toBe("list()");
    const shrunk = await replayer.minimise([longThread], full!.error);
    expect((shrunk!.commands[0] as LongThreadCommand).repetitions).toBe(2);
    const transcript = shrunk!.failure!.env.transcript.join("\n");
    expect(transcript).toContain("for (let i = 1; i <= 2; i++) {");
    expect(transcript).toMatch(/saver\.list\(.*\{"limit": 1\}\)/);
  });
});
