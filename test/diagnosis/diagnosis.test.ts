import { beforeAll, describe, expect, it } from "vitest";
import { REPORTERS, plainPalette } from "../../src/reporters/index.js";
import { diagnoseEach, type Diagnosis } from "./measure.js";
import { cacheSingleBugSaver, specSingleBugSaver, storeSingleBugSaver } from "./single-bug-savers.js";
import getTupleFallsBack from "../mutants/get-tuple-unknown-id-falls-back.mutant.js";
import falsyWritesAsNull from "../mutants/val-writes-falsy-as-null.mutant.js";
import searchLimitBeforeFilter from "../store-mutants/search-limit-before-filter.mutant.js";
import getFirstKeyOnly from "../cache-mutants/get-first-key-only.mutant.js";

/**
 * Four of the single-bug subjects `npm run diagnosis` measures (that script
 * runs them all): each one bug, in a different method, read through different
 * calls; two checkpointers, a store and a cache. Their reports must name one
 * or two causes, the first in the broken method, and no cause title may say
 * what its own evidence does not.
 */
// Imported alone (loading every mutant takes seconds), so the file stays under 20 s on a loaded machine: a checkpointer's is a whole default run, about 7 s; a store's about 3 s, a cache's under 1 s.
const SAMPLE = [
  specSingleBugSaver(getTupleFallsBack),
  specSingleBugSaver(falsyWritesAsNull),
  storeSingleBugSaver(searchLimitBeforeFilter),
  cacheSingleBugSaver(getFirstKeyOnly),
];

let diagnoses: Diagnosis[];

beforeAll(async () => {
  diagnoses = await diagnoseEach(SAMPLE);
}, 240_000);

describe("the report names one root cause per bug (issue 25)", () => {
  it("shows each single-bug saver's failures as one or two causes, the first in the broken method", () => {
    for (const d of diagnoses) {
      expect(d.failures, d.saver.id).toBeGreaterThan(0);
      expect(d.causes.length, d.saver.id).toBeLessThanOrEqual(2);
      expect(d.saver.methods, d.saver.id).toContain(d.firstMethod);
    }
    // The first cause explains most of the failures, not one of many.
    expect(diagnoses.filter((d) => d.causes.length === 1).map((d) => d.saver.id)).toContain("spec:get-tuple-unknown-id-falls-back");
  });

  it("heads the report with the one likely bug, and never contradicts a cause's own evidence", () => {
    for (const d of diagnoses) {
      expect(d.contradictions, d.saver.id).toEqual([]);
      const pretty = REPORTERS.pretty.report({ write: () => undefined, palette: plainPalette, env: {} }).render(d.report);
      const n = d.failures;
      const headline =
        d.causes.length === 1
          ? `1 bug likely — ${n} failure${n === 1 ? "" : "s"} because of it:`
          : `${d.causes.length} bugs likely, worst first${d.causes.some((c) => c.clearsOthers) ? ` (fix ${d.causes.findIndex((c) => c.clearsOthers) + 1}, ${d.causes.find((c) => c.clearsOthers)!.method}(), first: it may clear others)` : ""} — ${n} failures:`;
      expect(pretty, d.saver.id).toContain(headline);
      expect(pretty, d.saver.id).toContain(`1) ${d.causes[0].title}`);
      // Only a value became null: no hint of a narrow index column or of sorting as text, and no order difference.
      if (d.saver.id === "spec:val-writes-falsy-as-null") {
        expect(pretty).not.toMatch(/narrow integer column|sorted as text|in another order/);
        expect(d.causes[0].title).toContain("a different value than expected");
      }
    }
  });
});
