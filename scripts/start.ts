/**
 * `npm start`: the conformance report for the built-in backends MemorySaver,
 * SqliteSaver and PostgresSaver (on an embedded PostgreSQL, or POSTGRES_URL),
 * then the side-by-side table. Exits 0 when every one passes the base level.
 */
import { memoryBackend, postgresBackend, renderMatrixTerminal, runMatrix, sqliteBackend } from "../src/backends/index.js";

const result = await runMatrix([memoryBackend, sqliteBackend, postgresBackend], {
  onBackendStart: (backend) => process.stdout.write(`\n${backend.title}\n`),
  onBackendEnd: (outcome) => {
    if (outcome.status === "ran") outcome.report.printReport();
    else process.stdout.write(`${outcome.status === "skipped" ? "skipped" : "could not run"}: ${outcome.status === "skipped" ? outcome.reason : outcome.error}\n`);
  },
});
process.stdout.write(`\n${renderMatrixTerminal(result)}`);
const ok = result.outcomes.every((o) => o.status === "ran" && o.report.passedAllBase());
process.exitCode = ok ? 0 : 1;
