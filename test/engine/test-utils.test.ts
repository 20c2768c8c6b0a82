import { MemorySaver, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import {
  assertCheckpointEqual,
  assertTupleEqual,
  generateCheckpoint,
  generateConfig,
  generateMetadata,
  putTestCheckpoint,
  putTestCheckpoints,
} from "../../src/test-utils.js";

describe("public test helpers (langgraph-checkpoint-conformance/test-utils)", () => {
  it("generateCheckpoint builds a v4 checkpoint with exactly the six JS fields and increasing ids", () => {
    const a = generateCheckpoint({ channelValues: { k: "v" }, channelVersions: { k: 1 } });
    const b = generateCheckpoint();
    expect(Object.keys(a).sort()).toEqual(["channel_values", "channel_versions", "id", "ts", "v", "versions_seen"]);
    expect(a.v).toBe(4);
    expect(a.channel_values).toEqual({ k: "v" });
    expect(b.id > a.id).toBe(true);
  });

  it("generateConfig always has a namespace; generateMetadata merges extra keys", () => {
    expect(generateConfig("t1").configurable).toEqual({ thread_id: "t1", checkpoint_ns: "" });
    expect(generateConfig("t1", "child:1", "c1").configurable).toEqual({ thread_id: "t1", checkpoint_ns: "child:1", checkpoint_id: "c1" });
    expect(generateMetadata("input", -1, { run_id: "r" })).toEqual({ source: "input", step: -1, parents: {}, run_id: "r" });
  });

  it("putTestCheckpoint gives values version 1 and takes the parent from parentConfig", async () => {
    const saver = new MemorySaver();
    const parent = await putTestCheckpoint(saver, { threadId: "t", channelValues: { a: "x" } });
    const child = await putTestCheckpoint(saver, { threadId: "t", parentConfig: parent });
    const parentTuple = await saver.getTuple(parent);
    expect(parentTuple?.checkpoint.channel_versions).toEqual({ a: 1 });
    const childTuple = await saver.getTuple(child);
    expect(childTuple?.parentConfig?.configurable?.checkpoint_id).toBe(parent.configurable?.checkpoint_id);
  });

  it("putTestCheckpoints chains checkpoints per thread and namespace, with random thread ids, in insertion order", async () => {
    const saver = new MemorySaver();
    const { configs, threadIds } = await putTestCheckpoints(saver, { nThreads: 2, nCheckpoints: 3, namespaces: ["", "child:1"] });
    expect(configs).toHaveLength(12);
    expect(new Set(threadIds).size).toBe(2);
    expect(configs[0].configurable?.thread_id).toBe(threadIds[0]);
    expect(configs[3].configurable?.checkpoint_ns).toBe("child:1");
    const last = await saver.getTuple(configs[2]);
    expect(last?.parentConfig?.configurable?.checkpoint_id).toBe(configs[1].configurable?.checkpoint_id);
  });

  it("assertCheckpointEqual compares versions semantically unless exactVersions, and names what differs", () => {
    const expected = generateCheckpoint({ channelValues: { a: 1 }, channelVersions: { a: 1 } });
    const stringVersions = { ...expected, channel_versions: { a: "1" } };
    expect(() => assertCheckpointEqual(stringVersions, expected)).not.toThrow();
    expect(() => assertCheckpointEqual(stringVersions, expected, { exactVersions: true })).toThrow(
      /checkpoint.channel_versions must be kept/,
    );
    expect(() => assertCheckpointEqual({ ...expected, channel_values: { a: 2 } }, expected)).toThrow(/- a: expected 1, got 2/);
    expect(() => assertCheckpointEqual({ ...expected, channel_values: { a: 2 } }, expected, { checkChannelValues: false })).not.toThrow();
    expect(() => assertCheckpointEqual(undefined, expected)).toThrow(/the checkpoint must exist/);
  });

  it('assertTupleEqual: metadata as a subset, an absent namespace as "", the parent id, and the write count', () => {
    const checkpoint = generateCheckpoint();
    const expected: CheckpointTuple = {
      config: { configurable: { thread_id: "t", checkpoint_ns: "", checkpoint_id: checkpoint.id } },
      checkpoint,
      metadata: generateMetadata("loop", 1),
      parentConfig: { configurable: { thread_id: "t", checkpoint_ns: "", checkpoint_id: "p" } },
      pendingWrites: [["task", "ch", "v"]],
    };
    const actual: CheckpointTuple = {
      ...expected,
      config: { configurable: { thread_id: "t", checkpoint_id: checkpoint.id } },
      metadata: { ...generateMetadata("loop", 1), extra: true } as CheckpointTuple["metadata"],
    };
    expect(() => assertTupleEqual(actual, expected)).not.toThrow();
    expect(() => assertTupleEqual({ ...actual, pendingWrites: [] }, expected)).toThrow(
      /pendingWrites must have as many writes as expected/,
    );
    expect(() => assertTupleEqual({ ...actual, parentConfig: undefined }, expected)).toThrow(
      /tuple.parentConfig.configurable.checkpoint_id/,
    );
    expect(() => assertTupleEqual(actual, { ...expected, parentConfig: undefined })).toThrow(/parentConfig must be undefined/);
    expect(() => assertTupleEqual({ ...actual, metadata: generateMetadata("input", 1) }, expected)).toThrow(/tuple.metadata.source/);
  });
});
