/**
 * The model mode's proof: 1,000 random sequences each on MemorySaver,
 * SqliteSaver (:memory:) and PostgresSaver (embedded, when it can start),
 * with each backend's declared deviations. `npx tsx scripts/model-proof.ts [runs]`.
 */
import { memoryBackend, postgresBackend, sqliteMemoryBackend } from "../src/backends/index.js";
import { runModel } from "../src/kinds/checkpointer/model/run-model.js";
import { enterLifespan } from "../src/runtime/lease.js";
import { DEFAULT_LIFESPAN_TIMEOUT_MS } from "../src/run/options.js";

const runs = Number(process.argv[2] ?? 1000);
let failed = false;
for (const backend of [memoryBackend, sqliteMemoryBackend, postgresBackend]) {
  const availability = await backend.available();
  if (!availability.ok) {
    console.log(`${backend.title}: not run (${availability.reason})`);
    continue;
  }
  const registered = backend.registration();
  const lifespan = await enterLifespan(registered, DEFAULT_LIFESPAN_TIMEOUT_MS);
  try {
    const result = await runModel(registered, { runs, seed: 20_250_101, timeoutMs: 10_000, timeLimitMs: 30 * 60_000 });
    const declared = result.declared.map((d) => `${d.behaviour} ×${d.occurrences}`).join(", ") || "none";
    console.log(
      `${backend.title}: ${result.status}, ${result.runs} sequences, extended ${result.extended.join("+") || "none"}, declared ${declared}, ${(result.durationMs / 1000).toFixed(1)} s`,
    );
    if (result.failure) console.log(result.failure.reproduction);
    if (result.error) console.log(result.error);
    failed ||= result.status !== "passed";
  } finally {
    await lifespan.end();
  }
}
process.exitCode = failed ? 1 : 0;
