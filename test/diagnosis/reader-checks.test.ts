import { describe, expect, it } from "vitest";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { methodAnswersWithin } from "../../src/diagnosis/method-checks.js";
import { readerChecks } from "../../src/diagnosis/reader-checks.js";
import { BlobStoreSaver } from "../fixtures/blob-store-saver.js";
import { LatestOnlySaver } from "../fixtures/latest-only-saver.js";
import insertionOrder from "../mutants/pending-writes-insertion-order.mutant.js";
import localeOrder from "../mutants/pending-writes-locale-order.mutant.js";
import codeUnitOrder from "../mutants/pending-writes-code-unit-order.mutant.js";
import ignoresTaskPath from "../mutants/put-writes-ignores-task-path.mutant.js";
import writesFirstPage from "../mutants/ord-writes-first-page.mutant.js";
import allAtIndexZero from "../mutants/put-writes-all-at-index-zero.mutant.js";
import channelsFirstBatch from "../mutants/ord-channels-first-batch.mutant.js";
import dropsChannelVersions from "../mutants/put-drops-channel-versions.mutant.js";
import parentIsPreviousId from "../mutants/ord-parent-is-previous-id.mutant.js";
import ignoresParent from "../mutants/put-ignores-parent.mutant.js";
import tupleCache from "../mutants/iso-tuple-cache.mutant.js";
import putKeepsReferences from "../mutants/iso-put-keeps-references.mutant.js";

const TIMEOUT_MS = 10_000;
const answers = (saver: BaseCheckpointSaver, latestOnly = false) => methodAnswersWithin(TIMEOUT_MS, readerChecks(saver, latestOnly));
const RIGHT = { getTuple: true, list: true };
const WRONG = { getTuple: false, list: false };
const ALL_RIGHT = { writesOrder: RIGHT, writesPages: RIGHT, channelsBatch: RIGHT, parentLinks: RIGHT, freshObjects: RIGHT };

describe("the read-back probe's checks of the readers (issue 25)", () => {
  it("find every reader right on correct savers: MemorySaver, a blob store, a latest-only saver (no checks of older checkpoints without history)", async () => {
    expect(await answers(new MemorySaver())).toEqual(ALL_RIGHT);
    expect(await answers(new BlobStoreSaver())).toEqual(ALL_RIGHT);
    const { parentLinks: _parent, channelsBatch: _channels, ...latestOnly } = ALL_RIGHT;
    expect(await answers(new LatestOnlySaver(), true)).toEqual(latestOnly);
  });

  it("find both readers ordering writes of distinct tasks wrong when their shared sort is, not when the writer drops task paths", async () => {
    for (const mutant of [insertionOrder, localeOrder, codeUnitOrder])
      expect((await answers(mutant.create())).writesOrder, mutant.name).toEqual(WRONG);
    // Without a task path the task ids alone decide the order: a writer that loses paths answers right there.
    expect(await answers(ignoresTaskPath.create())).toEqual(ALL_RIGHT);
  });

  it("find both readers stopping after a first page of writes, not a writer that loses writes of a call", async () => {
    expect((await answers(writesFirstPage.create())).writesPages).toEqual(WRONG);
    // Only the first write of each call survives: not a first page of what was put, so undecided.
    expect((await answers(allAtIndexZero.create())).writesPages).toBeUndefined();
  });

  it("find both readers dropping channels of a checkpoint whose values were each stored, not a writer that loses versions", async () => {
    expect((await answers(channelsFirstBatch.create())).channelsBatch).toEqual(WRONG);
    // Every value reads back (only the versions are lost): no reader dropped one.
    expect((await answers(dropsChannelVersions.create())).channelsBatch).toEqual(RIGHT);
  });

  it("find both readers deriving the parent from a checkpoint put later, not a writer that drops the parent", async () => {
    expect((await answers(parentIsPreviousId.create())).parentLinks).toEqual(WRONG);
    expect((await answers(ignoresParent.create())).parentLinks).toBeUndefined();
  });

  it("find a reader handing out what it keeps, each reader on its own", async () => {
    expect((await answers(tupleCache.create())).freshObjects).toEqual(WRONG);
    expect((await answers(putKeepsReferences.create())).freshObjects).toEqual({ getTuple: false, list: true });
  });
});
