import { beforeAll, describe, expect, it } from "vitest";
import { diagnoseEach, type Diagnosis } from "./measure.js";
import { cacheSingleBugSaver, specSingleBugSaver, storeSingleBugSaver } from "./single-bug-savers.js";
import unpaddedVersions from "../mutants/ord-next-version-unpadded-string.mutant.js";
import concurrentLostUpdate from "../store-mutants/concurrent-put-lost-update.mutant.js";
import namespaceLostUpdate from "../cache-mutants/namespace-lost-update.mutant.js";

/**
 * Bugs seen only through another method's answer, placed by the read-back
 * probe's targeted method checks (src/hints/method-checks.ts): a checkpointer
 * whose getNextVersion() counts as text, a store whose concurrent puts undo
 * each other (seen by batch() and get() reads), a cache whose concurrent sets
 * into one namespace lose keys (the TTL rule is checked in
 * test/hints/method-checks.test.ts: a store's default run waits for expiry). The first cause names the broken method, and no title
 * says what its evidence does not.
 */
const SAMPLE = [specSingleBugSaver(unpaddedVersions), storeSingleBugSaver(concurrentLostUpdate), cacheSingleBugSaver(namespaceLostUpdate)];

let diagnoses: Diagnosis[];

beforeAll(async () => {
  diagnoses = await diagnoseEach(SAMPLE);
}, 240_000);

describe("the method checks place bugs that only another method's answer shows (issue 25)", () => {
  it("names the broken method first, with the check's reason, and contradicts no evidence", () => {
    for (const d of diagnoses) {
      expect(d.failures, d.saver.id).toBeGreaterThan(0);
      expect(d.saver.methods, d.saver.id).toContain(d.firstMethod);
      expect(d.contradictions, d.saver.id).toEqual([]);
    }
    const moved = diagnoses.flatMap((d) => d.causes.filter((c) => c.method === d.firstMethod && c.blame !== undefined));
    for (const cause of moved) expect(cause.blame).toMatch(/^a targeted check on a fresh (saver|store|cache) found \w+\(\) wrong: /);
  });
});
