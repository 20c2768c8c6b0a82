/**
 * `npm run mutants`: which mutants each spec test catches, and any test that
 * catches none (there must be none). Exits 1 if one is uncaught.
 */
import { runMutation } from "../test/mutants/harness.js";

const result = await runMutation();
const width = Math.max(...result.allTests.map((k) => k.length));
console.log(`${"spec test".padEnd(width)}  mutants it catches`);
console.log(`${"-".repeat(width)}  ${"-".repeat(30)}`);
for (const key of result.allTests) {
  const names = result.catchers.get(key) ?? [];
  console.log(`${key.padEnd(width)}  ${names.length > 0 ? names.join(", ") : "— NONE —"}`);
}
const uncaught = result.allTests.filter((k) => (result.catchers.get(k) ?? []).length === 0);
console.log("");
for (const [baseline, failed] of result.baselineFailures) {
  if (failed.size > 0) console.log(`baseline ${baseline} fails (not counted as catches): ${[...failed].join(", ")}`);
}
console.log(`${result.mutants.length} mutants, ${result.allTests.length} spec tests, ${uncaught.length} uncaught`);
if (uncaught.length > 0) {
  console.log(`uncaught: ${uncaught.join(", ")}`);
  process.exitCode = 1;
}
