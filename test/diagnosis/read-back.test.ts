import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, type SaverProfile } from "../../src/index.js";
import { readBack } from "../../src/diagnosis/read-back.js";
import { ConformanceReport } from "../../src/report/conformance-report.js";
import { reportFromJSON, reportToJSON } from "../../src/sections/report-json.js";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import getTupleDropsTs from "../mutants/get-tuple-drops-ts.mutant.js";
import putStringifiesVersions from "../mutants/put-stringifies-versions.mutant.js";
import listWithoutPendingWrites from "../mutants/list-without-pending-writes.mutant.js";
import putReturnsConfigWithoutNamespace from "../mutants/put-returns-config-without-namespace.mutant.js";
import listUnknownThreadListsAll from "../mutants/list-unknown-thread-lists-all.mutant.js";
import caseInsensitiveIds from "../mutants/key-case-insensitive-ids.mutant.js";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";

const ROUND_TRIP_RIGHT = {
  checkpoint: { getTuple: true, list: true },
  writes: { getTuple: true, list: true },
  putConfig: true,
  lookalikeIds: { getTuple: true, list: true },
};
// The targeted method checks run only where getTuple() read the round trip right (src/diagnosis/method-checks.ts); the reader checks always (src/diagnosis/reader-checks.ts), those of older checkpoints only with a history.
const READERS_RIGHT = { getTuple: true, list: true };
const LATEST_READERS_RIGHT = { writesOrder: READERS_RIGHT, writesPages: READERS_RIGHT, freshObjects: READERS_RIGHT };
const ROUND_TRIP_AND_READERS_RIGHT = {
  ...ROUND_TRIP_RIGHT,
  readers: { ...LATEST_READERS_RIGHT, channelsBatch: READERS_RIGHT, parentLinks: READERS_RIGHT },
};
const ALL_RIGHT = { ...ROUND_TRIP_AND_READERS_RIGHT, methods: { getNextVersion: true, deleteThread: true, put: true, putWrites: true } };

const probe = (create: () => BaseCheckpointSaver, profile: SaverProfile = "full") =>
  readBack(checkpointerTest({ name: "s", profile }, create), profile, 10_000);

describe("the read-back probe tells a reader's bug from a writer's (issue 25)", () => {
  it("reads a correct saver's round trip right through every reader, a latest-only one's too", async () => {
    expect(await probe(() => new MemorySaver())).toEqual(ALL_RIGHT);
    expect(await probe(() => new LatestOnlySaver(), "latest-only")).toEqual({ ...ALL_RIGHT, readers: LATEST_READERS_RIGHT });
  });

  it("names the one reader that reads a checkpoint or its writes wrong, the other reading it right", async () => {
    expect(await probe(() => getTupleDropsTs.create())).toEqual({
      ...ROUND_TRIP_AND_READERS_RIGHT,
      checkpoint: { getTuple: false, list: true },
    });
    // The reader checks of writes leave out a list() that shows none: it is wrong in another way than each looks for.
    const writesByGetTuple = { writesOrder: { getTuple: true }, writesPages: { getTuple: true } };
    expect(await probe(() => listWithoutPendingWrites.create())).toEqual({
      ...ALL_RIGHT,
      writes: { getTuple: true, list: false },
      readers: { ...ALL_RIGHT.readers, ...writesByGetTuple },
    });
    // Listing every thread for one it does not know, it lists them for a lookalike id too.
    expect(await probe(() => listUnknownThreadListsAll.create())).toEqual({
      ...ALL_RIGHT,
      checkpoint: { getTuple: true, list: false },
      lookalikeIds: { getTuple: true, list: false },
    });
  });

  it("shows a writer's bug as every reader wrong, and put()'s wrong answer as its own", async () => {
    expect(await probe(() => putStringifiesVersions.create())).toEqual({
      ...ROUND_TRIP_AND_READERS_RIGHT,
      checkpoint: { getTuple: false, list: false },
    });
    expect(await probe(() => putReturnsConfigWithoutNamespace.create())).toEqual({ ...ALL_RIGHT, putConfig: false });
  });

  it("shows readers that match ids loosely: each finds the stored thread under a lookalike id, and reads the stored ids right", async () => {
    expect(await probe(() => caseInsensitiveIds.create())).toEqual({
      ...ROUND_TRIP_AND_READERS_RIGHT,
      lookalikeIds: { getTuple: false, list: false },
    });
  });

  it("answers nothing when the round trip cannot run, and its answers survive the JSON report", async () => {
    class Throws extends MemorySaver {
      override async put(): Promise<never> {
        throw new Error("down");
      }
    }
    expect(await probe(() => new Throws())).toBeUndefined();
    const report = new ConformanceReport({
      subjectName: "s",
      results: {},
      readBack: { ...ALL_RIGHT, writes: { getTuple: false, list: true } },
    });
    expect(reportFromJSON(JSON.parse(JSON.stringify(reportToJSON(report)))).readBack).toEqual(report.readBack);
  });
});
