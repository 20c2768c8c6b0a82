import { beforeAll, describe, expect, it } from "vitest";
import { diagnoseEach, type Diagnosis } from "./measure.js";
import { specSingleBugSaver } from "./single-bug-savers.js";
import parentIsPreviousId from "../mutants/ord-parent-is-previous-id.mutant.js";
import localeOrder from "../mutants/pending-writes-locale-order.mutant.js";

/**
 * Bugs in code getTuple() and list() share, placed by the read-back probe's
 * reader checks (src/hints/reader-checks.ts): a parent derived as the previous
 * id (the round trip alone read it as put()'s) and pending writes sorted by
 * locale (two readers wrong alone read as putWrites()'s). The first cause names
 * a reader, the moved failures say why, and no title says what its evidence
 * does not. (Correct savers and writers' bugs the checks leave alone:
 * test/hints/reader-checks.test.ts.)
 */
const SAMPLE = [specSingleBugSaver(parentIsPreviousId), specSingleBugSaver(localeOrder)];

let diagnoses: Diagnosis[];

beforeAll(async () => {
  diagnoses = await diagnoseEach(SAMPLE);
}, 240_000);

describe("the reader checks place bugs the readers share (issue 25)", () => {
  it("names a reader first, not the writer, in one cause, and contradicts no evidence", () => {
    for (const d of diagnoses) {
      expect(d.failures, d.saver.id).toBeGreaterThan(0);
      expect(d.firstMethod, d.saver.id).toBe("getTuple");
      expect(d.causes.map((c) => c.method), d.saver.id).not.toContain(d.saver.id.includes("writes") ? "putWrites" : "put");
      expect(d.contradictions, d.saver.id).toEqual([]);
    }
    const moved = diagnoses.flatMap((d) => d.causes.filter((c) => c.method === "getTuple" && c.blame !== undefined));
    expect(moved.length).toBeGreaterThan(0);
    for (const cause of moved) expect(cause.blame).toMatch(/^a targeted check of the readers on a fresh saver found every reader it asked \(getTuple\(\), list\(\)\) wrong, a bug in code they share: /);
  });
});
