/**
 * `npm start`: the conformance report for the built-in backends MemorySaver,
 * SqliteSaver and PostgresSaver (on an embedded PostgreSQL, or POSTGRES_URL),
 * storage suites and graph scenarios, then the side-by-side table. Exits 0 when
 * every one passes the base level and its graph scenarios (known deviations
 * declared). `npm start -- --no-graph` leaves the graph scenarios out.
 */
import { memoryBackend, postgresBackend, renderMatrixTerminal, runMatrix, sqliteBackend } from "../src/backends/index.js";

const graph = !process.argv.includes("--no-graph");
const result = await runMatrix([memoryBackend, sqliteBackend, postgresBackend], {
  validate: { graph },
  onBackendStart: (backend) => process.stdout.write(`\n${backend.title}\n`),
  onBackendEnd: (outcome) => {
    if (outcome.status === "ran") outcome.report.printReport();
    else process.stdout.write(`${outcome.status === "skipped" ? "skipped" : "could not run"}: ${outcome.status === "skipped" ? outcome.reason : outcome.error}\n`);
  },
});
process.stdout.write(`\n${renderMatrixTerminal(result)}`);
const ok = result.outcomes.every((o) => o.status === "ran" && o.report.verdict().passed);
process.exitCode = ok ? 0 : 1;
