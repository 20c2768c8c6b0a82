import { ConformanceReport, type CapabilityResult, type TestResult } from "../../src/report/conformance-report.js";

const test = (name: string, ids: TestResult["ids"], extra: Partial<TestResult> = {}): TestResult =>
  ({
    status: "passed",
    name,
    ids,
    description: `${name.replace(/^test_/, "").replace(/_/g, " ")}`,
    advisory: false,
    durationMs: 2,
    ...extra,
  }) as TestResult;

const failed = (message: string, errorName = "ConformanceError") => ({
  status: "failed" as const,
  failure: { message, errorName, thrownBySaver: errorName !== "ConformanceError" },
});

/** A report with every kind of outcome and characters XML and Markdown must escape; fixed durations. */
export function fixedReport(): ConformanceReport {
  const results: Partial<Record<CapabilityResult["capability"], CapabilityResult>> = {
    put: {
      capability: "put",
      kind: "base",
      status: "passed",
      detected: true,
      inherited: false,
      durationMs: 12,
      tests: [
        test("test_put_roundtrip", ["PUT-02"]),
        test("test_put_stores_only_changed_channels", ["JS-13"], {
          advisory: true,
          ...failed('with newVersions {} only those channels are stored\n  expected: {}\n  actual:   { foo: "bar" }'),
        }),
      ],
    },
    put_writes: {
      capability: "put_writes",
      kind: "base",
      status: "failed",
      detected: true,
      inherited: false,
      durationMs: 30,
      tests: [
        test("test_put_writes_basic", ["PW-01"]),
        test("test_put_writes_task_path_order", ["PW-09"], {
          deviation: "stores writes in task-id order",
          ...failed("pendingWrites order\n  expected: [a, b]\n  actual:   [b, a]"),
        }),
        test(
          "test_put_writes_special_channels",
          ["PW-05", "JS-03"],
          failed(
            'the __error__ write <from task "t1"> & its value must read back once\n  expected: 1 write\n  actual:   2 writes\n  ```a``` | b',
          ),
        ),
        test("test_put_writes_idempotent", ["PW-04"], {
          ...failed("putWrites threw TypeError: cannot read properties of undefined (reading 'id')", "TypeError"),
        }),
        {
          status: "skipped",
          name: "test_put_writes_then_delete_for_runs",
          ids: ["DFR-03"],
          description: "writes go with deleted runs",
          advisory: false,
          reason: "needs deleteForRuns()",
        },
      ],
    },
    get_tuple: {
      capability: "get_tuple",
      kind: "base",
      status: "passed",
      detected: true,
      inherited: false,
      durationMs: 5,
      tests: [test("test_get_tuple_latest", ["GT-02"])],
    },
    list: {
      capability: "list",
      kind: "base",
      status: "passed",
      detected: true,
      inherited: false,
      durationMs: 5,
      tests: [test("test_list_all", ["LS-01"])],
    },
    delete_thread: {
      capability: "delete_thread",
      kind: "base",
      status: "passed",
      detected: true,
      inherited: false,
      durationMs: 1,
      tests: [test("test_delete_thread_removes", ["DT-01"])],
    },
    delete_for_runs: {
      capability: "delete_for_runs",
      kind: "extended",
      status: "not-implemented",
      reason: "the saver has no deleteForRuns() method",
      detected: false,
      inherited: false,
      durationMs: 0,
      tests: [],
    },
    copy_thread: {
      capability: "copy_thread",
      kind: "extended",
      status: "skipped",
      reason: "skipped by skipCapabilities",
      detected: false,
      inherited: false,
      durationMs: 0,
      tests: [],
    },
    prune: {
      capability: "prune",
      kind: "extended",
      status: "not-implemented",
      reason: "the saver has no prune() method",
      detected: false,
      inherited: false,
      durationMs: 0,
      tests: [],
    },
    delta_channel_history: {
      capability: "delta_channel_history",
      kind: "extended",
      status: "passed",
      detected: false,
      inherited: true,
      durationMs: 3,
      tests: [test("test_delta_history_seed", ["DCH-01"])],
    },
  };
  return new ConformanceReport({
    subjectName: "Fixed<Saver> & co",
    results,
    errors: ["the lifespan's teardown failed: connection reset"],
    durationMs: 1234,
  });
}
