import { describe, expect, it } from "vitest";
import type { DataKind, ObservedBehaviour } from "../../src/diagnosis/causes/behaviour.js";
import { blamedMethodProbed, probeCulprit } from "../../src/diagnosis/causes/read-back.js";
import { observedBehaviour } from "../../src/diagnosis/causes/behaviour.js";
import { KIND_DESCRIPTORS } from "../../src/kinds/descriptors.js";
import type { FailureItem } from "../../src/report/types.js";
import type { ReadBack } from "../../src/report/types.js";

const RIGHT = { getTuple: true, list: true };
const readBack = (over: Partial<ReadBack>): ReadBack => ({ checkpoint: RIGHT, writes: RIGHT, putConfig: true, ...over });
const blame = (method: string, data: DataKind, probe?: ReadBack, seen: string[] = [], extra: Partial<ObservedBehaviour> = {}) =>
  blamedMethodProbed({ method, data, ...extra }, new Map([[data, new Set(seen)]]), new Set(), probe);

describe("the read-back probe decides between a reader and the writer (issue 25)", () => {
  const getTupleWrong = readBack({ checkpoint: { getTuple: false, list: true } });
  const everyReaderWrong = readBack({ checkpoint: { getTuple: false, list: false } });

  it("without the probe, two readers that read the same data wrong blame its writer", () => {
    expect(blame("getTuple", "checkpoint", undefined, ["getTuple", "list"])).toBe("put");
    expect(blame("getTuple", "checkpoint", undefined, ["getTuple"])).toBe("getTuple");
  });

  it("a reader that read the round trip wrong keeps the blame, though another reader failed too; a writer's read-back test is that reader's", () => {
    expect(blame("getTuple", "checkpoint", getTupleWrong, ["getTuple", "list"])).toBe("getTuple");
    expect(blame("put", "checkpoint", getTupleWrong)).toBe("getTuple");
    // The kind of data is read from the failure's text: the probe's one broken reader outweighs it.
    expect(blame("putWrites", "writes", getTupleWrong)).toBe("getTuple");
    // A reader the probe saw read right is not blamed on another.
    expect(blame("list", "checkpoint", getTupleWrong, ["getTuple", "list"])).toBe("list");
  });

  it("every reader wrong is the writer's, a read and a writer's own test alike", () => {
    expect(blame("list", "checkpoint", everyReaderWrong)).toBe("put");
    expect(blame("put", "checkpoint", everyReaderWrong)).toBe("put");
    expect(blame("putWrites", "writes", readBack({ writes: { getTuple: false, list: false } }))).toBe("putWrites");
  });

  it("a deleteThread test that reads through the broken reader is that reader's, else deleteThread's", () => {
    expect(blame("deleteThread", "checkpoint", getTupleWrong, [], { witness: "getTuple" })).toBe("getTuple");
    expect(blame("deleteThread", "checkpoint", getTupleWrong, [], { witness: "list" })).toBe("deleteThread");
    expect(blame("deleteThread", "checkpoint", undefined, [], { witness: "getTuple" })).toBe("deleteThread");
  });

  it("readers that find the stored thread under lookalike ids, reading the stored ids right, are one cause named by the first reader, not put()'s", () => {
    const loose = readBack({ lookalikeIds: { getTuple: false, list: false } });
    expect(blame("list", "checkpoint", loose, ["getTuple", "list"])).toBe("getTuple");
    expect(blame("getTuple", "checkpoint", loose, ["getTuple", "list"])).toBe("getTuple");
    // One reader finding it there is that reader's own bug (the round trip read the stored data right through both: the writer is not blamed, issue 39); and a probe that read the stored data wrong says nothing of matching.
    expect(blame("list", "checkpoint", readBack({ lookalikeIds: { getTuple: true, list: false } }), ["getTuple", "list"])).toBe("list");
    expect(
      blame(
        "list",
        "checkpoint",
        readBack({ checkpoint: { getTuple: false, list: false }, lookalikeIds: { getTuple: false, list: false } }),
      ),
    ).toBe("put");
  });

  it("a round trip read right through every reader keeps two readers' wrong answers their own: two bugs, not the writer's (issue 39)", () => {
    expect(blame("getTuple", "checkpoint", readBack({}), ["getTuple", "list"])).toBe("getTuple");
    expect(blame("list", "checkpoint", readBack({}), ["getTuple", "list"])).toBe("list");
    // Without a round trip, agreeing readers still blame the writer; with one that read wrong everywhere, too.
    expect(blame("list", "checkpoint", undefined, ["getTuple", "list"])).toBe("put");
    expect(blame("list", "checkpoint", everyReaderWrong, ["getTuple", "list"])).toBe("put");
  });

  it("a method that changes what is stored, found broken by its check, takes no reader's failures; another reader found broken takes no other reader's (issue 39)", () => {
    const deleteWrong = readBack({ methods: { deleteThread: false } });
    expect(probeCulprit(deleteWrong)).toBe("deleteThread");
    expect(blame("list", "checkpoint", deleteWrong, ["list"])).toBe("list");
    expect(blame("putWrites", "writes", deleteWrong)).toBe("putWrites");
    const store = KIND_DESCRIPTORS.store;
    const listWrong: ReadBack = { checkpoint: { get: true, search: true }, writes: {}, methods: { listNamespaces: false } };
    expect(blamedMethodProbed({ method: "search", data: "checkpoint" }, new Map(), new Set(), listWrong, store)).toBe("search");
    // A writer's test still reads back through the one reader found broken: that reader, its witness.
    expect(blamedMethodProbed({ method: "put", data: "checkpoint" }, new Map(), new Set(), listWrong, store)).toBe("listNamespaces");
  });

  it("names one culprit only when the probe found exactly one broken method", () => {
    expect(probeCulprit(getTupleWrong)).toBe("getTuple");
    expect(probeCulprit(everyReaderWrong)).toBe("put");
    expect(probeCulprit(readBack({ putConfig: false }))).toBe("put");
    expect(probeCulprit(readBack({}))).toBeUndefined();
    expect(
      probeCulprit(readBack({ checkpoint: { getTuple: false, list: true }, writes: { getTuple: true, list: false } })),
    ).toBeUndefined();
    expect(probeCulprit(undefined)).toBeUndefined();
  });

  it("a method the targeted checks found wrong is the culprit when it is the only broken one, and takes the reads that only witness it", () => {
    const versionsWrong = readBack({ methods: { getNextVersion: false, deleteThread: true } });
    expect(probeCulprit(versionsWrong)).toBe("getNextVersion");
    expect(blame("getTuple", "checkpoint", versionsWrong, ["getTuple"])).toBe("getNextVersion");
    expect(blame("deleteThread", "checkpoint", readBack({ methods: { deleteThread: false } }), [], { witness: "getTuple" })).toBe(
      "deleteThread",
    );
    // Checked right, or a second broken method: no culprit.
    expect(probeCulprit(readBack({ methods: { getNextVersion: true } }))).toBeUndefined();
    expect(probeCulprit(readBack({ checkpoint: { getTuple: false, list: true }, methods: { getNextVersion: false } }))).toBeUndefined();
    // The writer the round trip blames, confirmed by its own check, is still one culprit.
    expect(probeCulprit(readBack({ checkpoint: { getTuple: false, list: false }, methods: { put: false } }))).toBe("put");
  });

  it("a store's delete test that reads through get() in words is get()'s when the probe found get() broken, else delete()'s", () => {
    const store = KIND_DESCRIPTORS.store;
    const item = {
      section: "spec",
      name: "t",
      label: "delete › t",
      ids: [],
      description: "",
      message: "get after delete must return null\n  expected: null\n  actual:   undefined",
      spec: { capability: "delete" },
    } as unknown as FailureItem;
    const observed = observedBehaviour(item, store)!;
    expect(observed).toMatchObject({ method: "delete", witness: "get" });
    const getWrong: ReadBack = { checkpoint: { get: false, search: true }, writes: {} };
    expect(blamedMethodProbed(observed, new Map(), new Set(), getWrong, store)).toBe("get");
    expect(blamedMethodProbed(observed, new Map(), new Set(), { checkpoint: { get: true, search: true }, writes: {} }, store)).toBe(
      "delete",
    );
  });

  it("readers a reader check found wrong together take the writer's tests of that data and their own, named by the first; another reader keeps its own, and other data keeps the round trip's verdict", () => {
    // The round trip read the writes wrong through both readers (only their order differed): that no longer blames putWrites().
    const sharedOrder = readBack({ writes: { getTuple: false, list: false }, readers: { writesOrder: { getTuple: false, list: false } } });
    expect(probeCulprit(sharedOrder)).toBe("getTuple");
    expect(blame("putWrites", "writes", sharedOrder)).toBe("getTuple");
    expect(blame("list", "writes", sharedOrder, ["getTuple", "list"])).toBe("getTuple");
    // getDeltaChannelHistory() was not asked: its own answer, not the writer's though two readers read the writes wrong.
    expect(blame("getDeltaChannelHistory", "writes", sharedOrder, ["getTuple", "getDeltaChannelHistory"])).toBe("getDeltaChannelHistory");
    // Checkpoints every reader read wrong are still put()'s: the check spoke of writes only.
    const withCheckpointsWrong = readBack({
      checkpoint: { getTuple: false, list: false },
      readers: { writesOrder: { getTuple: false, list: false } },
    });
    expect(blame("list", "checkpoint", withCheckpointsWrong)).toBe("put");
    expect(probeCulprit(withCheckpointsWrong)).toBeUndefined();
  });

  it("one reader a reader check found wrong keeps its own tests; readers it found right, or could not judge, change nothing", () => {
    const getTupleOnly = readBack({ readers: { freshObjects: { getTuple: false, list: true } } });
    expect(blame("getTuple", "checkpoint", getTupleOnly, ["getTuple", "list"])).toBe("getTuple");
    expect(probeCulprit(getTupleOnly)).toBe("getTuple");
    const judgedRight = readBack({ writes: { getTuple: false, list: false }, readers: { writesOrder: RIGHT, parentLinks: {} } });
    expect(blame("getTuple", "writes", judgedRight)).toBe("putWrites");
    expect(probeCulprit(judgedRight)).toBe("putWrites");
  });

  it("a store's readers whose expiry check a reader check found inverted take put()'s tests of items, named by get(); listNamespaces(), not asked, keeps its own", () => {
    const store = KIND_DESCRIPTORS.store;
    const inverted: ReadBack = {
      checkpoint: { get: true, search: true },
      writes: {},
      readers: { expiryInverted: { get: false, search: false } },
    };
    const blameStore = (method: string) => blamedMethodProbed({ method, data: "checkpoint" }, new Map(), new Set(), inverted, store);
    expect(blameStore("put")).toBe("get");
    expect(blameStore("search")).toBe("get");
    expect(blameStore("listNamespaces")).toBe("listNamespaces");
    expect(probeCulprit(inverted, store)).toBe("get");
  });
});
