/**
 * `npm start`: the conformance report for the built-in backends MemorySaver,
 * SqliteSaver and PostgresSaver (on an embedded PostgreSQL, or POSTGRES_URL),
 * storage suites and graph scenarios, then the side-by-side table. Exits 0 when
 * every one passes the base level and its graph scenarios (known deviations
 * declared). `npm start -- --no-graph` leaves the graph scenarios out.
 * Ctrl-C or SIGTERM: the table of the backends that finished, marked
 * interrupted, everything the run created removed, exit 130 or 143.
 * Then the product: every one of those checkpointers × InMemoryStore and
 * PostgresStore × no cache and InMemoryCache through the product graph
 * scenarios (G23-G28), one table with the disagreements against memory ×
 * memory × memory (the PGlite store only with CONFORMANCE_PGLITE=1).
 */
import { memoryBackend, postgresBackend, renderMatrixTerminal, runMatrix, sqliteBackend } from "../src/backends/index.js";
import { exitOnInterrupt, parkIfInterrupted } from "../src/cleanup/index.js";
import { MatrixRunRecorder } from "../src/matrix/run-recorder.js";
import { matrixVerdict } from "../src/matrix/verdict.js";
import { SharedResources } from "../src/backends/shared-resources.js";
import { productPassed, renderProductMatrix, runProductMatrix } from "../src/matrix/index.js";

const graph = !process.argv.includes("--no-graph");
const backends = [memoryBackend, sqliteBackend, postgresBackend];
const recorder = new MatrixRunRecorder(backends);
// One PostgreSQL server for the savers' report and the product after it.
const shared = new SharedResources();
if ((await postgresBackend.available()).ok) await shared.prepare(postgresBackend);
exitOnInterrupt((signal) => process.stdout.write(`\n${renderMatrixTerminal(recorder.interrupted(signal))}`));
const result = await runMatrix(
  backends,
  recorder.watch({
    validate: { graph },
    resources: shared.resources,
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
let productOk = true;
if (graph) {
  process.stdout.write("\nRunning the product scenarios (checkpointer × store × cache)...\n");
  const product = await runProductMatrix({ savers: backends, resources: shared.resources });
  await parkIfInterrupted();
  process.stdout.write(`\n${renderProductMatrix(product)}`);
  productOk = productPassed(product);
}
if (shared.postgres) process.stdout.write(`PostgreSQL (both runs): ${shared.postgres.kind} server, ready in ${(shared.postgres.startMs / 1000).toFixed(1)} s\n`);
await shared.release();
process.exitCode = verdict.passed && productOk ? 0 : 1;
