import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../../../src/index.js";
import { SequenceReplayer } from "../../../../src/kinds/checkpointer/model/run-model.js";
import { PutCommand } from "../../../../src/kinds/checkpointer/model/commands/put.js";
import { PutWritesCommand } from "../../../../src/kinds/checkpointer/model/commands/put-writes.js";
import { GetTupleCommand } from "../../../../src/kinds/checkpointer/model/commands/get-tuple.js";
import { ListCommand } from "../../../../src/kinds/checkpointer/model/commands/list.js";
import { loadMutants } from "../../../mutants/load.js";

const mutant = (await loadMutants()).find((m) => m.name === "put-writes-special-first-writer-wins")!;

type Args<C> = C extends new (args: infer A) => unknown ? A : never;
const put = (threadId: string, idSeed: number) =>
  new PutCommand({
    threadId,
    ns: "",
    idSeed,
    parent: { kind: "none" },
    changes: {},
    seen: [],
    metadata: {},
    omitNs: false,
    tsAgainstId: false,
    writer: "sequence",
  } as Args<typeof PutCommand>);
const read = (threadId: string) => new GetTupleCommand({ threadId, ns: "", by: { kind: "own", index: 0 }, omitNs: false });
const listAll = (threadId: string) => new ListCommand({ threadId, ns: null, filter: null, before: null, limit: null });

describe("the reproduction is shrunk further by replaying on fresh savers", () => {
  it("drops the calls a special-write bug does not need, keeps the same catalog id, and renders only the kept calls", async () => {
    // Index 1 picks t's one checkpoint (an index that is a multiple of 3 would also put it again: the derived re-put).
    const writeTwice = new PutWritesCommand({
      threadId: "t",
      ns: "",
      target: { stored: true, index: 1, idSeed: 1 },
      taskId: "task-1",
      taskPath: undefined,
      writes: [["__error__", "first"]],
      retry: ["second"],
    } as Args<typeof PutWritesCommand>);
    // Unrelated calls around the two that matter (put t, the special write sent twice): the re-read at the end of a sequence reads t.
    const commands = [put("other", 5), put("t", 1), listAll("other"), put("elsewhere", 7), writeTwice, read("other"), read("t")];
    const cleanupFailures: unknown[] = [];
    const replayer = new SequenceReplayer(
      checkpointerTest({ name: mutant.name }, () => mutant.create()),
      new Map(),
      5_000,
      { onCleanupFailure: (e) => cleanupFailures.push(e) },
    );
    const full = await replayer.replay(commands);
    expect(full?.error.id).toBe("GT-08");
    const shrunk = await replayer.minimise(commands, full!.error);
    expect(shrunk?.commands).toEqual([commands[1], writeTwice]);
    expect(shrunk!.failure!.error.id).toBe("GT-08");
    const transcript = shrunk!.failure!.env.transcript.join("\n");
    expect(transcript).not.toMatch(/"other"|"elsewhere"/);
    expect(transcript).toMatch(
      /saver\.putWrites\(.*"__error__", "first".*\n.*saver\.putWrites\(.*"__error__", "second".*\n.*saver\.getTuple\(.*"t"/,
    );
    expect(shrunk!.replays).toBeLessThanOrEqual(64);
    expect(cleanupFailures).toEqual([]);
  });
});
