/**
 * `npm start`: the conformance report for the built-in backends MemorySaver,
 * SqliteSaver and PostgresSaver (on an embedded PostgreSQL, or POSTGRES_URL),
 * storage suites and graph scenarios. Exits 0 when every one passes the base
 * level and its graph scenarios (known deviations declared). What it prints
 * first is a summary that fits one screen (each backend's verdict, the
 * product, a closing line); `npm start -- --details` adds every backend's
 * report and the tables by capability after it. `npm start -- --no-graph`
 * leaves the graph scenarios out.
 * Ctrl-C or SIGTERM: the table of the backends that finished, marked
 * interrupted, everything the run created removed, exit 130 or 143.
 * Then the stores (InMemoryStore, PostgresStore; the PGlite one with
 * CONFORMANCE_PGLITE=1) and the cache (InMemoryCache): in the details, each
 * one's report and a table per kind, with their behaviour profiles side by side.
 * Then the product: every one of those checkpointers × InMemoryStore and
 * PostgresStore × no cache and InMemoryCache through the product graph
 * scenarios (G23-G28), one table with the disagreements against memory ×
 * memory × memory (the PGlite store only with CONFORMANCE_PGLITE=1).
 *
 * On every core: the backends on a server run in worker processes (the
 * PostgreSQL saver's column split in shards, one per worker), on the one
 * PostgreSQL server this process starts, while the others run here; the
 * report comes out once all have finished, in the order above.
 */
import { renderMatrixTerminal } from "../src/backends/index.js";
import { checkAvailability } from "../src/backends/select.js";
import { SharedResources } from "../src/backends/shared-resources.js";
import type { MatrixResult } from "../src/matrix/index.js";
import { exitOnInterrupt, removeLeftoversOnce } from "../src/cleanup/index.js";
import { MatrixRunRecorder } from "../src/matrix/run-recorder.js";
import { planStart, runJob, sectionBackends, startProgram, type StartJob, type StartSection } from "../src/matrix/start-lanes.js";
import { writeStartReport } from "../src/matrix/start-report.js";
import { startingLine } from "../src/matrix/start-summary.js";
import { StartResults } from "../src/matrix/start-results.js";
import { startWorkers } from "../src/supervisor/start-workers.js";

const program = startProgram(!process.argv.includes("--no-graph"));
const details = process.argv.includes("--details");
const plan = planStart(program);
const recorder = new MatrixRunRecorder(program.savers);
exitOnInterrupt((signal) => process.stdout.write(`\n${renderMatrixTerminal(recorder.interrupted(signal))}`));
const results = new StartResults(program, [...plan.local, ...plan.workers.flat()], (section, options) =>
  section === "savers" ? recorder.watch(options) : options,
);
// The one PostgreSQL server of the run: started here (where a Ctrl-C during its initdb finds it), used by the workers, stopped at the end.
const shared = new SharedResources();
await removeLeftoversOnce();
const workers = startWorkers(plan.workers, program.graph, results, process.cwd(), process.env);
const serverReady = startServer(plan.workers.flat());
const local = runLocal(plan.local);
process.stdout.write(`${startingLine(program)}\n\n`);
try {
  const report = {
    write: (text: string) => process.stdout.write(text),
    color: Boolean(process.stdout.isTTY),
    shown: withServer,
    details,
    elapsedMs: () => process.uptime() * 1000,
    ...(process.stdout.isTTY ? { progress: statusLine } : {}),
  };
  process.exitCode = await writeStartReport(program, results, report);
} finally {
  await Promise.all([local, serverReady, workers.ended]);
  await shared.release();
}

/** Each of the jobs of this process, one after another (a job that throws is reported as failed, with the error). */
async function runLocal(jobs: readonly StartJob[]): Promise<void> {
  for (const job of jobs) {
    await runJob(program, job, shared, results.sink).catch((error: unknown) => results.jobFailed(job, (error as Error).message));
  }
}

/** On a terminal, one line rewritten in place while the run goes (cut to the terminal's width), cleared before the report. */
function statusLine(line: string | undefined): void {
  const width = (process.stdout.columns || 80) - 1;
  process.stdout.write(`\r\u001b[K${line === undefined ? "" : line.length > width ? `${line.slice(0, width - 1)}…` : line}`);
}

/** The PostgreSQL server, when a worker's backend needs one and can run here; then the workers get their jobs (or, when it did not start, fail them with why). */
async function startServer(jobs: readonly StartJob[]): Promise<void> {
  const onServer = jobs
    .flatMap((job) =>
      job.kind === "column"
        ? [results.backendOf(job)]
        : job.lane === "server"
          ? [...program.savers, ...sectionBackends(program, "store")]
          : [],
    )
    .filter((b) => b.uses === "postgres");
  const available = (await checkAvailability(onServer)).some((c) => c.availability.ok);
  const blocked = available ? await shared.prepare({ uses: "postgres" }) : undefined;
  if (blocked) workers.cancel(blocked);
  else workers.begin(shared.resources.postgres?.url);
}

/** A section's matrix shows the server this process started for it, as one process's run would. */
function withServer(section: StartSection, matrix: MatrixResult): MatrixResult {
  const used = sectionBackends(program, section).some((b) => b.uses === "postgres");
  return used && shared.postgres ? { ...matrix, postgres: shared.postgres } : matrix;
}
