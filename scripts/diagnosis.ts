/**
 * `npm run diagnosis`: runs every single-bug subject of the project (the spec,
 * graph and model mutants of checkpointers, the store and cache mutants) as a
 * new user would (the default run, no retries) and prints, per kind and for
 * all together, how many causes the report shows for the one bug, and how
 * often its first cause names the method the bug is in.
 *
 *   --only a,b    only subjects whose id contains one of these (`spec:list-`, `graph:`, `store:`, `cache:`)
 *   --every K     every K-th saver only (a quick sample while changing the grouping)
 *   --cache DIR   keep each saver's report in DIR and read it from there on the next
 *                 run: a change to the grouping is then measured in seconds (delete
 *                 DIR after changing the suite or the savers)
 *   --cached      with --cache: only the savers whose report is there (runs nothing)
 *   --verbose     one line per saver: its causes and the first cause's method
 *   --multi-only  only the multi-bug subjects (`--only multi` does the same)
 *
 * Then the subjects with several bugs at once (test/diagnosis/multi-bug-subjects.ts:
 * 2–5 independent single-bug mutants of different methods, for each kind), graded
 * against each bug's own run: how many bugs head a cause of their own, how many
 * causes mix two bugs, how often a bug's own cause names its method.
 */
import { existsSync } from "node:fs";
import { cachedReportFile, causeCountBuckets, diagnose, type Diagnosis } from "../test/diagnosis/measure.js";
import { singleBugSavers } from "../test/diagnosis/single-bug-savers.js";
import { multiBugSubjects } from "../test/diagnosis/multi-bug-subjects.js";
import { failingLabels, gradeMulti, runMulti, type MultiDiagnosis } from "../test/diagnosis/multi-bug-measure.js";
import type { Constituent } from "../test/diagnosis/multi-bug-subjects.js";

const args = process.argv.slice(2);
const only = flagValue("--only")?.split(",").filter(Boolean);
const every = Number(flagValue("--every") ?? 1);
const cache = flagValue("--cache");
const cachedOnly = cache !== undefined && args.includes("--cached");
const verbose = args.includes("--verbose");
const multiOnly = args.includes("--multi-only") || only?.some((o) => o.startsWith("multi")) === true;
const multi = multiOnly || only === undefined;

function flagValue(flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

const savers = (multiOnly ? [] : await singleBugSavers()).filter(
  (s, i) => (!only || only.some((o) => s.id.includes(o))) && i % every === 0 && (!cachedOnly || existsSync(cachedReportFile(cache, s))),
);
// Savers that fire writes without awaiting them reject later, unhandled.
process.on("unhandledRejection", () => undefined);
const started = performance.now();
const caught: Diagnosis[] = [];
const missed: string[] = [];
for (const saver of savers) {
  const d = await diagnose(saver, cache !== undefined ? { cache } : {});
  if (d.failures === 0) {
    missed.push(saver.id);
    continue;
  }
  caught.push(d);
  if (verbose) {
    const mark = d.namesBrokenMethod ? "✓" : "✗";
    console.log(
      `${mark} ${saver.id} [${saver.methods.join(",")}]: ${d.failures} failures, ${d.causes.length} causes; first names ${d.firstMethod ?? "no method"}`,
    );
    for (const [i, c] of d.causes.slice(0, 3).entries())
      console.log(`    ${i + 1}) ${c.title.split("\n", 1)[0].slice(0, 160)} — ${c.failures.length}`);
  }
}
if (!multiOnly) {
  console.log("");
  console.log(
    `${caught.length} single-bug subjects caught by the default run (${missed.length} not caught${missed.length > 0 ? `: ${missed.join(", ")}` : ""}), ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const kinds = [...new Set(caught.map((d) => d.saver.kind))];
  for (const kind of kinds)
    printMeasure(
      `${kind}s`,
      caught.filter((d) => d.saver.kind === kind),
    );
  if (kinds.length > 1) printMeasure("all kinds together", caught);
}
if (multi) await measureMultiBug();

/** The distribution of causes per bug, the share whose first cause names the broken method, and the contradicted titles. */
function printMeasure(label: string, diagnoses: readonly Diagnosis[]): void {
  const n = diagnoses.length;
  const pct = (k: number) => (n === 0 ? "0" : ((100 * k) / n).toFixed(1));
  console.log("");
  console.log(`${label}: ${n} single-bug subjects; causes shown for one bug:`);
  for (const [bucket, count] of causeCountBuckets(diagnoses))
    console.log(`  ${bucket.padStart(2)} → ${String(count).padStart(3)} (${pct(count)} %)`);
  const oneOrTwo = diagnoses.filter((d) => d.causes.length <= 2).length;
  const naming = diagnoses.filter((d) => d.namesBrokenMethod);
  console.log(`  1–2 causes: ${oneOrTwo}/${n} (${pct(oneOrTwo)} %; target ≥ 90 %)`);
  console.log(`  first cause names the broken method: ${naming.length}/${n} (${pct(naming.length)} %; target ≥ 95 %)`);
  const misses = diagnoses
    .filter((d) => !d.namesBrokenMethod)
    .map((d) => `${d.saver.id} (${d.firstMethod ?? "no method"}, not ${d.saver.methods.join("/")})`);
  if (misses.length > 0) console.log(`    not named: ${misses.join(", ")}`);
  console.log(`  most causes for one bug: ${Math.max(0, ...diagnoses.map((d) => d.causes.length))}`);
  const contradicted = diagnoses.flatMap((d) => d.contradictions.map((c) => `${d.saver.id}: ${c}`));
  console.log(
    `  cause titles contradicted by their own evidence: ${contradicted.length}${contradicted.length > 0 ? `\n    ${contradicted.join("\n    ")}` : ""}`,
  );
}

/** Runs every multi-bug subject and each of its bugs alone, and prints how the report told the bugs apart. */
async function measureMultiBug(): Promise<void> {
  const subjects = (await multiBugSubjects()).filter((s, i) => i % every === 0);
  const labels = new Map<Constituent, Set<string>>();
  const graded: MultiDiagnosis[] = [];
  const begun = performance.now();
  for (const subject of subjects) {
    for (const bug of subject.bugs)
      if (!labels.has(bug)) labels.set(bug, failingLabels(await diagnose(bug.saver, cache !== undefined ? { cache } : {})));
    const report = await runMulti(subject, cache !== undefined ? { cache: `${cache}/multi` } : {});
    const g = gradeMulti(subject, report, labels);
    graded.push(g);
    if (verbose) {
      console.log(`${subject.id}: ${subject.bugs.length} bugs, ${g.causes.length} causes`);
      for (const [i, c] of g.causes.entries())
        console.log(`    ${i + 1}) ${c.title.split("\n", 1)[0].slice(0, 160)} — ${c.failures.length}`);
      for (const b of g.bugs)
        console.log(
          `    ${b.own ? (b.namesMethod ? "✓" : "~") : "✗"} ${b.bug.saver.id} [${b.bug.saver.methods.join(",")}]${b.own ? ` → cause ${b.ownNumber}` : ""}`,
        );
      for (const m of g.mixed) console.log(`    mixed: ${m.cause.title.split("\n", 1)[0].slice(0, 120)} ← ${m.bugs.join(", ")}`);
    }
  }
  console.log("");
  console.log(`${graded.length} multi-bug subjects, ${((performance.now() - begun) / 1000).toFixed(0)} s`);
  const kindsSeen = [...new Set(graded.map((g) => g.subject.kind))];
  for (const kind of kindsSeen)
    printMulti(
      `${kind}s with several bugs`,
      graded.filter((g) => g.subject.kind === kind),
    );
  if (kindsSeen.length > 1) printMulti("all kinds together, several bugs", graded);
}

function printMulti(label: string, graded: readonly MultiDiagnosis[]): void {
  const bugs = graded.flatMap((g) => g.bugs);
  const causes = graded.flatMap((g) => g.causes);
  const headed = bugs.filter((b) => b.own);
  const naming = headed.filter((b) => b.namesMethod);
  const mixed = graded.flatMap((g) =>
    g.mixed.map((m) => `${g.subject.id}: ${m.cause.title.split("\n", 1)[0].slice(0, 100)} ← ${m.bugs.join(" + ")}`),
  );
  const pct = (k: number, n: number) => (n === 0 ? "0" : ((100 * k) / n).toFixed(1));
  console.log("");
  console.log(`${label}: ${graded.length} subjects, ${bugs.length} bugs, ${causes.length} causes shown`);
  console.log(
    `  bugs headed by a cause of their own: ${headed.length}/${bugs.length} (${pct(headed.length, bugs.length)} %; target ≥ 90 %)`,
  );
  console.log(`  causes mixing two bugs or more: ${mixed.length}/${causes.length} (${pct(mixed.length, causes.length)} %; target ≤ 5 %)`);
  console.log(
    `  own cause's title names the bug's method: ${naming.length}/${headed.length} (${pct(naming.length, headed.length)} %; target ≥ 90 %)`,
  );
  const unheaded = bugs.filter((b) => !b.own).map((b) => b.bug.saver.id);
  if (unheaded.length > 0) console.log(`    without a cause of their own: ${unheaded.join(", ")}`);
  if (mixed.length > 0) console.log(`    mixed: ${mixed.join("\n           ")}`);
}
