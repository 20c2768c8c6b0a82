/**
 * One suite, every backend: the full validate() (every capability there is) on
 * each backend that can run here, as parametrized groups. The postgres
 * backends share one server for the whole file: POSTGRES_URL's (in `vitest
 * run`, the run's shared server, test/setup/shared-postgres.ts), else an
 * embedded one of the file's own.
 * `CONFORMANCE_BACKENDS=memory,sqlite` narrows the list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  acquirePostgres,
  BACKENDS,
  checkAvailability,
  MONGODB_URL_ENV,
  REDIS_URL_ENV,
  selectBackends,
  type Backend,
  type PostgresServer,
} from "../../src/backends/index.js";
import { CAPABILITY_IDS } from "../../src/kinds/descriptors.js";
import { validate, type ConformanceReport } from "../../src/index.js";

/** Must run on every machine with a plain `npm install`. */
const ALWAYS_RUNNABLE = ["memory", "sqlite", "sqlite-memory", "sqlite-encrypted", "postgres", "postgres-pool", "postgres-schema"];
const NEEDS_URL: Record<string, string> = { mongodb: MONGODB_URL_ENV, redis: REDIS_URL_ENV };
// A timeout is not what this file tests; a loaded 2-core CI machine is slow.
const SUITE_TIMEOUT_MS = 60_000;

const checked = await checkAvailability(selectBackends(BACKENDS));
const runnable = checked.filter((c) => c.availability.ok).map((c) => c.backend);
const unavailable = checked.flatMap((c) => (c.availability.ok ? [] : [{ id: c.backend.id, reason: c.availability.reason }]));

let postgres: PostgresServer | undefined;
const reports = new Map<string, Promise<ConformanceReport>>();

beforeAll(async () => {
  if (runnable.some((b) => b.uses === "postgres")) postgres = await acquirePostgres();
  // All backends at once: the SQL savers wait on I/O far more than on CPU.
  for (const backend of runnable) {
    // Default options, as a user runs them: capabilities and the model at once in each backend. A PostgreSQL saver's
    // setup() once queued for the connections its siblings' calls held and stayed pending for the whole 60 s on a
    // loaded CI machine; it now runs on the lifecycle's own connections (test/backends/postgres-factory.test.ts).
    const report = validate(backend.registration({ postgres }), { timeoutMs: SUITE_TIMEOUT_MS });
    report.catch(() => undefined); // awaited by the backend's group below
    reports.set(backend.id, report);
  }
}, 180_000);

afterAll(async () => {
  await Promise.allSettled(reports.values());
  await postgres?.stop();
});

it("every backend that needs nothing but npm install can run here", () => {
  const selected = new Set(checked.map((c) => c.backend.id));
  for (const id of ALWAYS_RUNNABLE.filter((id) => selected.has(id))) {
    expect(
      unavailable.find((u) => u.id === id),
      `${id} must be able to run on this machine`,
    ).toBeUndefined();
  }
});

it("a backend that cannot run is reported with the reason, never dropped", () => {
  expect(runnable.length + unavailable.length).toBe(checked.length);
  for (const { id, reason } of unavailable) {
    const env = NEEDS_URL[id];
    expect(env, `${id} is unavailable: ${reason}`).toBeDefined();
    expect(process.env[env], `${id} is unavailable although ${env} is set: ${reason}`).toBeFalsy();
    expect(reason).toContain(`${env} is not set`);
  }
});

describe.each(runnable.map((backend) => ({ id: backend.id, backend })))("$id", ({ backend }: { backend: Backend }) => {
  let report: ConformanceReport;
  beforeAll(async () => {
    report = await reports.get(backend.id)!;
  }, 900_000);

  it("passes every base capability (its known deviations declared)", () => {
    const failures = report.failures().map((f) => `${f.capability} ${f.test.name}: ${f.test.failure.message}`);
    expect(report.errors, "errors outside the suites").toEqual([]);
    expect(failures, "failures outside the declared deviations").toEqual([]);
    // A precondition step (list()/getTuple() before the clause) that an official saver fails would hide a test.
    expect(
      report.notChecked().map((n) => `${n.capability} ${n.test.name}: ${n.test.reason}`),
      "tests not checked",
    ).toEqual([]);
    expect(
      report.flaky().map((f) => `${f.capability} ${f.test.name}`),
      "flaky tests",
    ).toEqual([]);
    expect(report.passedAllBase()).toBe(true);
  });

  it("agrees with the reference model in the default model run (its declared behaviours reported, not failed)", () => {
    const model = report.toDict().model as { status: string; failure?: { lines: string[] }; error?: string } | undefined;
    expect(model, "the model mode runs by default on a whole run").toBeDefined();
    expect(model!.status, model!.failure?.lines.join("\n") ?? model!.error).toBe("passed");
  });

  it("ran every capability the saver offers", () => {
    for (const id of CAPABILITY_IDS) {
      const result = report.results[id];
      expect(result, `no result for ${id}`).toBeDefined();
      expect(result!.status, `${id}`).not.toBe("skipped");
    }
  });

  it("declares only deviations that really occur", () => {
    const occurred = new Set(
      report.capabilityResults().flatMap((r) => r.tests.filter((t) => t.status === "failed" && t.deviation).map((t) => t.name)),
    );
    // Graph scenario ids (G07, G18, ...) are checked where the graph section runs: test/graph/official-savers.test.ts.
    const isGraphCase = (name: string) => /^G\d{2}\b/.test(name);
    const stale = backend.knownDeviations.flatMap((d) => (d.tests ?? []).filter((name) => !isGraphCase(name) && !occurred.has(name)));
    expect(stale, "declared as deviations but passed (or no longer exist): remove them").toEqual([]);
  });
});
