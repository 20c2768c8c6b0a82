/**
 * Proves the graph scenarios are deterministic: runs every case N times in a
 * row (default 20) on MemorySaver against MemorySaver and writes the outcome
 * to test/fixtures/graph-determinism.json, which test/graph/determinism.test.ts
 * checks. Usage: npx tsx scripts/graph-determinism.ts [runs]
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { explainDivergence } from "../src/graph/compare.js";
import { caseId, runDifferential, variantsOf } from "../src/graph/differential.js";
import { loadLangGraph } from "../src/graph/langgraph.js";
import { GRAPH_SCENARIOS } from "../src/graph/scenarios/index.js";

const runs = Number(process.argv[2] ?? 20);
const loaded = await loadLangGraph();
if (!loaded.ok) throw new Error(loaded.reason);
const lg = loaded.module;
const cases = GRAPH_SCENARIOS.flatMap((s) => variantsOf(s).map((v) => ({ scenario: s, variant: v, id: caseId(s, v) })));
const divergences: { run: number; case: string; message: string }[] = [];
for (let run = 1; run <= runs; run++) {
  for (const c of cases) {
    const result = await runDifferential(c.scenario, c.variant, lg, new lg.MemorySaver());
    if (result.divergence) divergences.push({ run, case: c.id, message: explainDivergence(result.divergence) });
  }
  process.stdout.write(`run ${run}/${runs}: ${divergences.length} divergences so far\n`);
}
const version = (createRequire(import.meta.url)("@langchain/langgraph/package.json") as { version: string }).version;
const out = { runs, langgraph: version, cases: cases.map((c) => c.id), divergences };
writeFileSync(new URL("../test/fixtures/graph-determinism.json", import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
process.exitCode = divergences.length === 0 ? 0 : 1;
