import { InMemoryStore, type Item } from "@langchain/langgraph-checkpoint";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TIMEOUT_MS, storeTest } from "../../src/index.js";
import { answerKind } from "../../src/diagnosis/causes/answer-kind.js";
import { READER_CHECKS } from "../../src/diagnosis/causes/read-back.js";
import { REPORTERS, plainPalette } from "../../src/reporters/index.js";
import { diagnoseEach, type Diagnosis } from "./measure.js";
import { storeSingleBugSaver, type SingleBugSaver } from "./single-bug-savers.js";
import getIgnoresNamespace from "../store-mutants/get-ignores-namespace.mutant.js";

/** The bug as a store author writes it over InMemoryStore: get() alone looks the key up in every namespace (its batch() gets stay right). */
class KeyOnlyGetStore extends InMemoryStore {
  override async get(namespace: string[], key: string): Promise<Item | null> {
    for (const ns of await this.listNamespaces()) {
      const item = await super.get(ns, key);
      if (item) return item;
    }
    return super.get(namespace, key);
  }
}

const keyOnlyGet: SingleBugSaver = {
  id: "store:in-memory-key-only-get",
  kind: "store",
  bug: "get() finds an item by its key in whichever namespace holds it first",
  methods: ["get"],
  register: () => ({
    registered: storeTest({ name: "key-only-get" }, () => new KeyOnlyGetStore()),
    options: { timeoutMs: DEFAULT_TIMEOUT_MS },
  }),
};

/**
 * A store whose get() ignores the namespace fails tests of put(), delete() and
 * batch() that read back through get(). The round trip reads the item right
 * where it was put; the reader check of other namespaces (src/kinds/store/read-back.ts)
 * finds get() reading it where it was not put, so the report heads with one
 * get() cause holding every failure, and no title says what its evidence does not.
 */
const SAMPLE = [storeSingleBugSaver(getIgnoresNamespace), keyOnlyGet];

let diagnoses: Diagnosis[];

beforeAll(async () => {
  diagnoses = await diagnoseEach(SAMPLE);
}, 120_000);

describe("a store whose get() ignores the namespace is one get() cause (mission item 3)", () => {
  it("heads the report with get(), the reader check's reason, every failure under it", () => {
    for (const d of diagnoses) {
      expect(d.failures, d.saver.id).toBeGreaterThan(3);
      expect(
        d.causes.map((c) => c.method),
        d.saver.id,
      ).toEqual(["get"]);
      expect(d.causes[0].title, d.saver.id).toMatch(/^get\(\) returns /);
      expect(d.causes[0].blame, d.saver.id).toBe(
        `a targeted check of the readers on a fresh store found get() wrong: ${READER_CHECKS.otherNamespaces.text}`,
      );
      expect(d.contradictions, d.saver.id).toEqual([]);
      const pretty = REPORTERS.pretty.report({ write: () => undefined, palette: plainPalette, env: {} }).render(d.report);
      expect(pretty, d.saver.id).toContain(`1 bug likely — ${d.failures} failures because of it:`);
      expect(pretty, d.saver.id).toContain(`1) ${d.causes[0].title}`);
      expect(pretty, d.saver.id).not.toContain("put(): what it stored");
    }
  });

  it("reads an item where null was expected as an item where none is expected, among get()'s failures", () => {
    for (const d of diagnoses) {
      const missing = d.causes[0].failures.find((f) => f.name === "test_store_get_missing_returns_null");
      expect(missing, d.saver.id).toBeDefined();
      expect(answerKind(missing!), d.saver.id).toBe("unexpected-item");
    }
  });
});
