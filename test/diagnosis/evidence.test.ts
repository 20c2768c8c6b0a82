import { describe, expect, it } from "vitest";
import { answerKind } from "../../src/diagnosis/causes/answer-kind.js";
import { withShortIds } from "../../src/report/causes-text.js";
import type { FailureItem } from "../../src/report/types.js";

const item = (message: string): FailureItem => ({ label: "put_writes › t", section: "spec", name: "t", ids: [], description: "", message });

describe("a cause's title and evidence follow the failure's own data (issue 25)", () => {
  it("calls an answer an order difference only when the same items came back rearranged", () => {
    const clause = "pendingWrites of one task must come back in write-index order 0, 1, 2";
    expect(answerKind(item(`${clause}\n  expected: [0, 1, 2]\n  actual:   [null, 1, 2]`))).toBe("changed");
    expect(answerKind(item(`${clause}\n  expected: [0, 1, 2]\n  actual:   [0, 2, 1]`))).toBe("order");
    expect(answerKind(item(`${clause}\n  got 300 writes; at position 0 expected 0, got null`))).toBe("changed");
    // Values cut short (`…10 more`) are not compared; the listed difference decides.
    expect(
      answerKind(
        item(`${clause}\n  expected: [0, 1, …10 more]\n  actual:   [null, 1, …10 more]\n  differences:\n    - [0]: expected 0, got null`),
      ),
    ).toBe("changed");
  });

  it("calls an item where null was expected an item where none is expected, and nothing where an item was expected a missing one", () => {
    const item = (message: string): FailureItem => ({
      label: "put_get › t",
      section: "spec",
      name: "t",
      ids: [],
      description: "",
      message,
    });
    expect(
      answerKind(
        item(
          `get in a namespace never written must return null\n  expected: null\n  actual:   { namespace: ["a"], key: "k", value: { v: 1 } }`,
        ),
      ),
    ).toBe("unexpected-item");
    expect(
      answerKind(
        item(
          `get() disagrees with the model\nget() returned an item the model does not have\n- get(): expected null, got { namespace: ["a"], key: "k" }`,
        ),
      ),
    ).toBe("unexpected-item");
    expect(answerKind(item(`get of an absent key must return null\n  expected: null\n  actual:   undefined`))).toBe("missing-item");
    expect(answerKind(item(`the parent must be null\n  expected: null\n  actual:   "1ef"`))).toBe("changed");
  });

  it("shows a generated id read more than once as a short label, with one legend line", () => {
    const id = "1f1ed8ca-6563-6d32-ffff-d2696aed6493";
    const thread = "t-87473f89-b72e-419e-9553-36290b9660e7";
    expect(withShortIds([`actual: { thread_id: "${thread}", checkpoint_id: "${id}" }`, `checkpoint: { id: "${id}" }`])).toEqual([
      `actual: { thread_id: "t-‹id1›", checkpoint_id: "‹id2›" }`,
      `checkpoint: { id: "‹id2›" }`,
      `ids: ‹id1› 87473f89-b72e-419e-9553-36290b9660e7, ‹id2› ${id}`,
    ]);
    // An id read once is left as it is.
    expect(withShortIds([`actual: "${id}"`])).toEqual([`actual: "${id}"`]);
  });
});
