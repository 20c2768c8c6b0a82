import { describe, expect, it } from "vitest";
import { ERROR } from "@langchain/langgraph-checkpoint";
import { ReferenceModel } from "../../../../src/kinds/checkpointer/model/reference-model.js";
import { generateCheckpoint, generateMetadata } from "../../../../src/test-utils.js";

const cfg = (thread_id: string, checkpoint_ns = "", checkpoint_id?: string) => ({
  configurable: { thread_id, checkpoint_ns, ...(checkpoint_id ? { checkpoint_id } : {}) },
});

describe("ReferenceModel", () => {
  it("latest is the greatest checkpoint id, not the last put (GT-02)", () => {
    const model = new ReferenceModel();
    model.put(cfg("t"), generateCheckpoint({ id: "b" }), generateMetadata());
    model.put(cfg("t"), generateCheckpoint({ id: "a" }), generateMetadata());
    expect(model.getTuple(cfg("t"))?.checkpoint.id).toBe("b");
  });

  it("regular writes keep the first value, an all-special call overwrites (JS-03)", () => {
    const model = new ReferenceModel();
    model.put(cfg("t"), generateCheckpoint({ id: "c1" }), generateMetadata());
    model.putWrites(cfg("t", "", "c1"), [["ch", 1]], "task");
    model.putWrites(cfg("t", "", "c1"), [["ch", 2]], "task");
    model.putWrites(cfg("t", "", "c1"), [[ERROR, "first"]], "task");
    model.putWrites(cfg("t", "", "c1"), [[ERROR, "second"]], "task");
    expect(model.getTuple(cfg("t"))?.pendingWrites).toEqual([
      ["task", ERROR, "second"],
      ["task", "ch", 1],
    ]);
    expect(
      model.isDefinedWrite(
        cfg("t", "", "c1"),
        [
          ["ch", 3],
          [ERROR, "mixed"],
        ],
        "task",
      ),
    ).toBe(false);
  });

  it("orders writes by task path, then task id by code point (JS-02), or by task id when asked", () => {
    const model = new ReferenceModel();
    model.putWrites(cfg("t", "", "c1"), [["ch", "a"]], "task-a", "~b");
    model.putWrites(cfg("t", "", "c1"), [["ch", "B"]], "task-B", "~c");
    model.putWrites(cfg("t", "", "c1"), [["ch", "b"]], "task-b", "~a");
    model.put(cfg("t"), generateCheckpoint({ id: "c1" }), generateMetadata());
    expect(model.getTuple(cfg("t"))?.pendingWrites?.map(([task]) => task)).toEqual(["task-b", "task-a", "task-B"]);
    expect(model.getTuple(cfg("t"), "task-id")?.pendingWrites?.map(([task]) => task)).toEqual(["task-B", "task-a", "task-b"]);
  });

  it("lists every namespace unordered without checkpoint_ns, with the limit as a count (LS-15)", () => {
    const model = new ReferenceModel();
    for (const [ns, id] of [
      ["", "1"],
      ["child:1", "2"],
      ["", "3"],
    ])
      model.put(cfg("t", ns), generateCheckpoint({ id }), generateMetadata());
    const listed = model.list({ configurable: { thread_id: "t" } }, { limit: 2 });
    expect(listed.ordered).toBe(false);
    if (!listed.ordered) expect([listed.count, listed.candidates.length]).toEqual([2, 3]);
    const before = model.list(cfg("t"), { before: cfg("other", "x", "3") });
    expect(before.ordered && before.tuples.map((t) => t.checkpoint.id)).toEqual(["1"]);
  });

  it("walks the parent chain for delta history, seed ancestor writes included (DCH-01, DCH-08)", () => {
    const model = new ReferenceModel();
    model.put(cfg("t"), generateCheckpoint({ id: "1", channelValues: { ch: [0] }, channelVersions: { ch: 1 } }), generateMetadata());
    model.putWrites(cfg("t", "", "1"), [["ch", "at-seed"]], "task");
    model.put(cfg("t", "", "1"), generateCheckpoint({ id: "2" }), generateMetadata());
    model.putWrites(cfg("t", "", "2"), [["ch", "after-seed"]], "task");
    model.put(cfg("t", "", "2"), generateCheckpoint({ id: "3" }), generateMetadata());
    expect(model.deltaChannelHistory(cfg("t"), ["ch", "z"])).toEqual({
      ch: {
        writes: [
          ["task", "ch", "at-seed"],
          ["task", "ch", "after-seed"],
        ],
        seed: [0],
      },
      z: { writes: [] },
    });
  });

  it("deleteForRuns, copyThread and prune follow DFR, CT and PR", () => {
    const model = new ReferenceModel();
    model.put(cfg("src"), generateCheckpoint({ id: "1" }), generateMetadata("loop", 0, { run_id: "r1" }));
    model.put(cfg("src", "", "1"), generateCheckpoint({ id: "2" }), generateMetadata("loop", 1, { run_id: "r2" }));
    model.copyThread("src", "dst");
    model.deleteForRuns(["r1"]);
    expect(model.checkpointIds("dst", "")).toEqual(["2"]);
    expect(model.getTuple(cfg("dst"))?.parentConfig).toEqual(cfg("dst", "", "1"));
    model.put(cfg("dst", "", "2"), generateCheckpoint({ id: "3" }), generateMetadata());
    model.prune(["dst"]);
    expect(model.checkpointIds("dst", "")).toEqual(["3"]);
    expect(model.checkpointIds("src", "")).toEqual(["2"]);
  });
});
