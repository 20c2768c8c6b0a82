import { beforeAll, describe, expect, it } from "vitest";
import { diagnoseEach, type Diagnosis } from "./measure.js";
import { cacheSingleBugSaver, specSingleBugSaver, storeSingleBugSaver } from "./single-bug-savers.js";
import unpaddedVersions from "../mutants/ord-next-version-unpadded-string.mutant.js";
import concurrentLostUpdate from "../store-mutants/concurrent-put-lost-update.mutant.js";
import namespaceLostUpdate from "../cache-mutants/namespace-lost-update.mutant.js";
import parentIsPreviousId from "../mutants/ord-parent-is-previous-id.mutant.js";
import localeOrder from "../mutants/pending-writes-locale-order.mutant.js";

/**
 * Bugs seen only through another method's answer, placed by the read-back
 * probe's targeted method checks (src/diagnosis/method-checks.ts): a checkpointer
 * whose getNextVersion() counts as text, a store whose concurrent puts undo
 * each other (seen by batch() and get() reads), a cache whose concurrent sets
 * into one namespace lose keys (the TTL rule is checked in
 * test/diagnosis/method-checks.test.ts: a store's default run waits for expiry). The first cause names the broken method, and no title
 * says what its evidence does not. Bugs in code getTuple() and list() share,
 * placed by the reader checks (src/diagnosis/reader-checks.ts): a parent derived
 * as the previous id (the round trip alone read it as put()'s) and pending
 * writes sorted by locale (two readers wrong alone read as putWrites()'s);
 * correct savers and writers' bugs the checks leave alone are in
 * test/diagnosis/reader-checks.test.ts.
 */
const READERS_SHARE = [specSingleBugSaver(parentIsPreviousId), specSingleBugSaver(localeOrder)];
const SAMPLE = [
  specSingleBugSaver(unpaddedVersions),
  storeSingleBugSaver(concurrentLostUpdate),
  cacheSingleBugSaver(namespaceLostUpdate),
  ...READERS_SHARE,
];

let diagnoses: Diagnosis[];

beforeAll(async () => {
  diagnoses = await diagnoseEach(SAMPLE);
}, 240_000);

describe("the method and reader checks place bugs that only another method's answer shows, or that the readers share (issue 25)", () => {
  it("names the broken method first, with the check's reason, and contradicts no evidence", () => {
    for (const d of diagnoses) {
      expect(d.failures, d.saver.id).toBeGreaterThan(0);
      expect(d.saver.methods, d.saver.id).toContain(d.firstMethod);
      expect(d.contradictions, d.saver.id).toEqual([]);
    }
    const moved = diagnoses.flatMap((d) => d.causes.filter((c) => c.method === d.firstMethod && c.blame !== undefined));
    for (const cause of moved) expect(cause.blame).toMatch(/^a targeted check (of the readers )?on a fresh (saver|store|cache) found /);
  });

  it("names a reader first for a bug the readers share, never the writer, with the reader check's reason", () => {
    const shared = diagnoses.filter((d) => READERS_SHARE.includes(d.saver));
    expect(shared).toHaveLength(READERS_SHARE.length);
    for (const d of shared) {
      expect(d.firstMethod, d.saver.id).toBe("getTuple");
      expect(
        d.causes.map((c) => c.method),
        d.saver.id,
      ).not.toContain(d.saver.id.includes("writes") ? "putWrites" : "put");
    }
    // Failures observed on the writer or on list() moved to getTuple(), and say why.
    const moved = shared.flatMap((d) => d.causes.filter((c) => c.method === "getTuple" && c.blame !== undefined));
    expect(moved.length).toBeGreaterThan(0);
    for (const cause of moved)
      expect(cause.blame).toMatch(
        /^a targeted check of the readers on a fresh saver found every reader it asked \(getTuple\(\), list\(\)\) wrong, a bug in code they share: /,
      );
  });
});
