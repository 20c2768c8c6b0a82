import { describe, expect, it } from "vitest";
import { causeChainText, isTransportErrorText } from "../../src/runtime/cause-chain.js";
import { attemptsLabel, type TestResult } from "../../src/report/results.js";
import { harmOf } from "../../src/diagnosis/causes/harm.js";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { noteLineage, subjectLineage } from "../../src/runtime/subject-lineage.js";
import type { FailureItem } from "../../src/report/types.js";

const item = (name: string, description: string, message: string): FailureItem => ({
  label: `search › ${name}`,
  section: "spec",
  name,
  ids: [],
  description,
  message,
});

describe("only true advice, and what a person needs to judge it (issue 39)", () => {
  it("shows an error's cause chain, and reads a lost connection behind `fetch failed` as the transport's", () => {
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    const fetchFailed = new TypeError("fetch failed", { cause: reset });
    expect(causeChainText(fetchFailed)).toBe("\n  caused by: Error: read ECONNRESET");
    expect(isTransportErrorText(`put() threw TypeError: fetch failed${causeChainText(fetchFailed)}`)).toBe(true);
    expect(causeChainText(new Error("no cause"))).toBe("");
    expect(isTransportErrorText("put() threw TypeError: Cannot read properties of undefined (reading 'v')")).toBe(false);
    // A cycle stops.
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(causeChainText(a).split("\n").filter(Boolean)).toHaveLength(1);
  });

  it("shows the attempts only when they differed: a deterministic failure's count stays in the data", () => {
    const failed = {
      status: "failed",
      name: "t",
      ids: [],
      description: "",
      advisory: false,
      durationMs: 1,
      failure: { message: "m", errorName: "ConformanceError", thrownBySaver: false },
    } as TestResult;
    expect(attemptsLabel({ ...failed, attempts: 2 })).toBe("");
    expect(attemptsLabel({ ...failed, attempts: 2, attemptsDiffered: true })).toBe("failed 2 times, not the same way each time");
    expect(attemptsLabel({ ...failed, attempts: 2, flaky: failed.status === "failed" ? failed.failure : undefined })).toBe(
      "FLAKY: failed, then passed (2 attempts)",
    );
  });

  it("ranks a prefix that returns another tenant's items above a wrong value, and a race test's damage as no crossing", () => {
    const leak = item(
      "test_store_search_prefix_matches_whole_labels",
      'search(["acme"]) never returns ["acme-corp"] or ["acmex", ...]: the prefix is matched by whole labels',
      "search must match whole labels\n  expected: 1 item\n  actual:   2 items",
    );
    expect(harmOf(leak)).toBe("crosses");
    const changed = item(
      "test_store_search_filter_operators",
      "range operators",
      "filter must match\n  expected: [9, 10]\n  actual:   [9, 10, 100]",
    );
    expect(harmOf(changed)).toBe("changed");
    const race = item(
      "test_race_delete_thread_while_other_threads_write",
      "deleteThread() running while other threads put and putWrites leaves those threads' new data intact",
      "must leave the write\n  expected: 2\n  actual:   1",
    );
    expect(harmOf(race)).toBe("lost");
    expect(harmOf({ ...changed, error: { name: "Error", message: "boom", frames: [] } })).toBe("rejected");
  });

  it("records what the subject is or wraps, so a built-in backend's deviations are suggested to that backend only", () => {
    class MySaver extends MemorySaver {}
    const derived = {};
    noteLineage(derived, new MySaver());
    expect(subjectLineage(derived)).toEqual(expect.arrayContaining(["MySaver", "MemorySaver", "BaseCheckpointSaver"]));
    const wrapper = {};
    noteLineage(wrapper, { inner: new MemorySaver(), name: "wrapper" });
    expect(subjectLineage(wrapper)).toContain("MemorySaver");
    const own = {};
    noteLineage(own, { get: () => undefined });
    expect(subjectLineage(own)).not.toContain("MemorySaver");
    expect(subjectLineage({})).toBeUndefined();
  });
});
