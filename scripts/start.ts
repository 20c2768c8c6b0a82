/**
 * `npm start`: the conformance report for the built-in backends MemorySaver,
 * SqliteSaver and PostgresSaver (on an embedded PostgreSQL, or POSTGRES_URL),
 * storage suites and graph scenarios, then the side-by-side table. Exits 0 when
 * every one passes the base level and its graph scenarios (known deviations
 * declared). `npm start -- --no-graph` leaves the graph scenarios out.
 * Ctrl-C or SIGTERM: the table of the backends that finished, marked
 * interrupted, everything the run created removed, exit 130 or 143.
 */
import { memoryBackend, postgresBackend, renderMatrixTerminal, runMatrix, sqliteBackend } from "../src/backends/index.js";
import { exitOnInterrupt, parkIfInterrupted } from "../src/cleanup/index.js";
import { MatrixRunRecorder } from "../src/matrix/run-recorder.js";
import { matrixVerdict } from "../src/matrix/verdict.js";

const graph = !process.argv.includes("--no-graph");
const backends = [memoryBackend, sqliteBackend, postgresBackend];
const recorder = new MatrixRunRecorder(backends);
exitOnInterrupt((signal) => process.stdout.write(`\n${renderMatrixTerminal(recorder.interrupted(signal))}`));
const result = await runMatrix(
  backends,
  recorder.watch({
    validate: { graph },
    onBackendStart: (backend) => process.stdout.write(`\n${backend.title}\n`),
    onBackendEnd: (outcome) => {
      if (outcome.status === "ran") outcome.report.printReport();
      else process.stdout.write(`${outcome.status === "skipped" ? "skipped" : "could not run"}: ${outcome.status === "skipped" ? outcome.reason : outcome.error}\n`);
    },
  }),
);
await parkIfInterrupted();
process.stdout.write(`\n${renderMatrixTerminal(result)}`);
const verdict = matrixVerdict(result);
for (const { id, why } of verdict.failing) process.stdout.write(`${id}: ${why}\n`);
process.exitCode = verdict.passed ? 0 : 1;
