/**
 * `npm start`: the conformance report for the built-in backends MemorySaver,
 * SqliteSaver and PostgresSaver (on an embedded PostgreSQL, or POSTGRES_URL),
 * storage suites and graph scenarios, then the side-by-side table. Exits 0 when
 * every one passes the base level and its graph scenarios (known deviations
 * declared). `npm start -- --no-graph` leaves the graph scenarios out.
 * Ctrl-C or SIGTERM: the table of the backends that finished, marked
 * interrupted, everything the run created removed, exit 130 or 143.
 * Then the stores (InMemoryStore, PostgresStore; the PGlite one with
 * CONFORMANCE_PGLITE=1) and the cache (InMemoryCache): each one's report and a
 * table per kind, with their behaviour profiles side by side.
 * Then the product: every one of those checkpointers × InMemoryStore and
 * PostgresStore × no cache and InMemoryCache through the product graph
 * scenarios (G23-G28), one table with the disagreements against memory ×
 * memory × memory (the PGlite store only with CONFORMANCE_PGLITE=1), on the
 * PostgreSQL server the savers' report started (one initdb and start, not two).
 */
import { memoryBackend, postgresBackend, renderMatrixTerminal, runMatrix, sqliteBackend } from "../src/backends/index.js";
import { storeAndCacheMatrices } from "../src/backends/subject-matrix.js";
import type { BackendOutcome } from "../src/matrix/index.js";
import { runKindMatrices } from "../src/matrix/kind-matrices.js";
import { SharedResources } from "../src/backends/shared-resources.js";
import { exitOnInterrupt, parkIfInterrupted } from "../src/cleanup/index.js";
import { MatrixRunRecorder } from "../src/matrix/run-recorder.js";
import { matrixVerdict } from "../src/matrix/verdict.js";
import { productPassed, renderProductMatrix, runProductMatrix } from "../src/matrix/index.js";

const graph = !process.argv.includes("--no-graph");
const backends = [memoryBackend, sqliteBackend, postgresBackend];
const recorder = new MatrixRunRecorder(backends);
exitOnInterrupt((signal) => process.stdout.write(`\n${renderMatrixTerminal(recorder.interrupted(signal))}`));
// One PostgreSQL for the savers' report and the product table: started in the PostgresSaver section (where a
// Ctrl-C during its initdb finds it), kept for the product, stopped at the end (an interrupt's clean-up stops it too).
const shared = new SharedResources();
/** Each backend's title, then its whole report (or why it did not run). */
const printEachReport = {
  onBackendStart: (backend: { title: string }) => process.stdout.write(`\n${backend.title}\n`),
  onBackendEnd: (outcome: BackendOutcome) => {
    if (outcome.status === "ran") outcome.report.printReport();
    else process.stdout.write(`${outcome.status === "skipped" ? "skipped" : "could not run"}: ${outcome.status === "skipped" ? outcome.reason : outcome.error}\n`);
  },
};
try {
  const result = await runMatrix(
    backends,
    recorder.watch({
      shared,
      validate: { graph },
      ...printEachReport,
    }),
  );
  await parkIfInterrupted();
  process.stdout.write(`\n${renderMatrixTerminal(result)}`);
  const verdict = matrixVerdict(result);
  for (const { id, why } of verdict.failing) process.stdout.write(`${id}: ${why}\n`);
  const kindsExit = await runKindMatrices(storeAndCacheMatrices([], true), { validate: {}, write: (text) => process.stdout.write(text), color: Boolean(process.stdout.isTTY), shared, ...printEachReport });
  let productOk = true;
  if (graph) {
    process.stdout.write("\nRunning the product scenarios (checkpointer × store × cache)...\n");
    const product = await runProductMatrix({ savers: backends, resources: shared.resources });
    await parkIfInterrupted();
    process.stdout.write(`\n${renderProductMatrix(product)}`);
    productOk = productPassed(product);
  }
  process.exitCode = verdict.passed && kindsExit === 0 && productOk ? 0 : 1;
} finally {
  await shared.release();
}
