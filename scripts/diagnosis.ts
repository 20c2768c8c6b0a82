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
 */
import { existsSync } from "node:fs";
import { cachedReportFile, causeCountBuckets, diagnose, type Diagnosis } from "../test/diagnosis/measure.js";
import { singleBugSavers } from "../test/diagnosis/single-bug-savers.js";

const args = process.argv.slice(2);
const only = valueOf("--only")?.split(",").filter(Boolean);
const every = Number(valueOf("--every") ?? 1);
const cache = valueOf("--cache");
const cachedOnly = cache !== undefined && args.includes("--cached");
const verbose = args.includes("--verbose");

function valueOf(flag: string): string | undefined {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
}

const savers = (await singleBugSavers()).filter(
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
    console.log(`${mark} ${saver.id} [${saver.methods.join(",")}]: ${d.failures} failures, ${d.causes.length} causes; first names ${d.firstMethod ?? "no method"}`);
    for (const [i, c] of d.causes.slice(0, 3).entries()) console.log(`    ${i + 1}) ${c.title.split("\n", 1)[0].slice(0, 160)} — ${c.failures.length}`);
  }
}
console.log("");
console.log(`${caught.length} single-bug subjects caught by the default run (${missed.length} not caught${missed.length > 0 ? `: ${missed.join(", ")}` : ""}), ${((performance.now() - started) / 1000).toFixed(0)} s`);
const kinds = [...new Set(caught.map((d) => d.saver.kind))];
for (const kind of kinds) printMeasure(`${kind}s`, caught.filter((d) => d.saver.kind === kind));
if (kinds.length > 1) printMeasure("all kinds together", caught);

/** The distribution of causes per bug, the share whose first cause names the broken method, and the contradicted titles. */
function printMeasure(label: string, diagnoses: readonly Diagnosis[]): void {
  const n = diagnoses.length;
  const pct = (k: number) => (n === 0 ? "0" : ((100 * k) / n).toFixed(1));
  console.log("");
  console.log(`${label}: ${n} single-bug subjects; causes shown for one bug:`);
  for (const [bucket, count] of causeCountBuckets(diagnoses)) console.log(`  ${bucket.padStart(2)} → ${String(count).padStart(3)} (${pct(count)} %)`);
  const oneOrTwo = diagnoses.filter((d) => d.causes.length <= 2).length;
  const naming = diagnoses.filter((d) => d.namesBrokenMethod);
  console.log(`  1–2 causes: ${oneOrTwo}/${n} (${pct(oneOrTwo)} %; target ≥ 90 %)`);
  console.log(`  first cause names the broken method: ${naming.length}/${n} (${pct(naming.length)} %; target ≥ 95 %)`);
  const misses = diagnoses.filter((d) => !d.namesBrokenMethod).map((d) => `${d.saver.id} (${d.firstMethod ?? "no method"}, not ${d.saver.methods.join("/")})`);
  if (misses.length > 0) console.log(`    not named: ${misses.join(", ")}`);
  console.log(`  most causes for one bug: ${Math.max(0, ...diagnoses.map((d) => d.causes.length))}`);
  const contradicted = diagnoses.flatMap((d) => d.contradictions.map((c) => `${d.saver.id}: ${c}`));
  console.log(`  cause titles contradicted by their own evidence: ${contradicted.length}${contradicted.length > 0 ? `\n    ${contradicted.join("\n    ")}` : ""}`);
}
