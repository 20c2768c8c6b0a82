import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest, validate, type ValidateOptions } from "../../src/index.js";
import { reportToJSON } from "../../src/sections/report-json.js";
import { parseCliArgs } from "../../src/cli/args.js";
import { toValidateOptions } from "../../src/cli/options.js";
import { CONCURRENCY_ONLY_NOTE } from "../../src/engine/test-schedule.js";
import { FewBugsSaver, SharedCurrentThreadSaver } from "./fixtures/racy-savers.js";

const SUITES_ONLY = { graph: false, model: false } as const;

/** The report as JSON without what differs between any two runs: timings (a call slow under load too), random ids and timestamps. */
async function comparable(saver: () => MemorySaver, options: ValidateOptions): Promise<unknown> {
  const report = await validate(checkpointerTest({ name: "subject" }, saver), options);
  const text = JSON.stringify(reportToJSON(report), (key, value: unknown) =>
    /durationMs|Ms$|At$|^slowUnderLoad$/.test(key) ? undefined : value,
  );
  return JSON.parse(
    text
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?/g, "<time>"),
  );
}

describe("concurrency", () => {
  it("a concurrent run reports what the serial run does, in the same order: a correct saver", async () => {
    const serial = await comparable(() => new MemorySaver(), { ...SUITES_ONLY, concurrency: 1 });
    expect(await comparable(() => new MemorySaver(), { ...SUITES_ONLY, concurrency: 8 })).toEqual(serial);
  });

  it("a concurrent run reports what the serial run does, in the same order: a saver with deterministic bugs", async () => {
    const options = { ...SUITES_ONLY, capabilities: ["put", "get_tuple", "list", "delete_thread"] } as const;
    const serial = await comparable(() => new FewBugsSaver(), { ...options, concurrency: 1 });
    expect(JSON.stringify(serial)).toContain("deleteThread");
    expect(await comparable(() => new FewBugsSaver(), { ...options, concurrency: 8 })).toEqual(serial);
  });

  it("a failure that shows only with other tests running is a failure, reported as a concurrency bug of the saver", async () => {
    const registered = checkpointerTest({ name: "racy" }, () => new SharedCurrentThreadSaver());
    const options = { ...SUITES_ONLY, capabilities: ["put", "get_tuple"] } as const;
    const together = await validate(registered, { ...options, concurrency: 8 });
    const alone = await validate(registered, { ...options, concurrency: 1 });
    const statusAlone = new Map(Object.values(alone.results).flatMap((r) => r!.tests.map((t) => [`${r!.capability}/${t.name}`, t.status])));
    const concurrencyOnly = Object.values(together.results).flatMap((r) =>
      r!.tests.flatMap((t) =>
        t.status === "failed" && t.failure.concurrencyOnly ? [{ key: `${r!.capability}/${t.name}`, message: t.failure.message }] : [],
      ),
    );
    expect(concurrencyOnly.length).toBeGreaterThan(0);
    for (const { key, message } of concurrencyOnly) {
      expect(message).toContain(CONCURRENCY_ONLY_NOTE);
      expect(statusAlone.get(key), key).toBe("passed");
    }
    expect(together.results.put?.status).toBe("failed");
  });

  it("the test in flight (what a process exit or crash is attributed to) is the one whose saver call started last", async () => {
    // Only test_put_writes_defaults_missing_namespace calls putWrites without a checkpoint_ns (what aborts-on-one-test.ts exits on).
    let inFlight: string | undefined;
    const seenDuring = new Set<string | undefined>();
    // Every call waits a little, as over a network, so the tests' calls interleave.
    const wait = () => new Promise((resolve) => setTimeout(resolve, 2));
    class NotesMissingNamespace extends MemorySaver {
      override async put(...args: Parameters<MemorySaver["put"]>) {
        await wait();
        return super.put(...args);
      }

      override async putWrites(...args: Parameters<MemorySaver["putWrites"]>): Promise<void> {
        if (args[0].configurable?.checkpoint_ns === undefined) seenDuring.add(inFlight);
        await wait();
        return super.putWrites(...args);
      }
    }
    await validate(
      checkpointerTest({ name: "notes" }, () => new NotesMissingNamespace()),
      {
        ...SUITES_ONLY,
        capabilities: ["put_writes"],
        concurrency: 8,
        progress: { onTestStart: (_capability, name) => void (inFlight = name), onTestResult: () => void (inFlight = undefined) },
      },
    );
    expect([...seenDuring]).toEqual(["test_put_writes_defaults_missing_namespace"]);
  });

  it("the option is checked like every other, and --concurrency N sets it", async () => {
    const registered = checkpointerTest({ name: "memory" }, () => new MemorySaver());
    for (const bad of [0, 1.5, -1, "4", 65]) {
      await expect(validate(registered, { concurrency: bad as number })).rejects.toThrow(
        /option "concurrency" must be a whole number from 1 to 64/,
      );
    }
    const cli = (...args: string[]) => toValidateOptions(parseCliArgs(["x.ts", ...args]).options);
    expect(cli("--concurrency", "1").concurrency).toBe(1);
    expect(cli().concurrency).toBeUndefined();
    expect(() => cli("--concurrency", "0")).toThrow("--concurrency must be a positive whole number");
    expect(() => cli("--concurrency", "65")).toThrow("--concurrency must be a whole number from 1 to 64");
  });
});
