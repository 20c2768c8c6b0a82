import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { benchmarkSaver } from "../../src/bench/throughput.js";
import { checkpointerTest } from "../../src/registration.js";
import { runModel } from "../../src/kinds/checkpointer/model/run-model.js";

const ROOT = join(import.meta.dirname, "../..");
/** The only files that may touch a registration's raw factory and lifespan: where it is made, and the one lifecycle. */
const ALLOWED = new Set(["src/registration.ts", "src/runtime/lease.ts"]);
const RAW_ACCESS = [
  /\blifecycleOf\b/,
  /langgraph-checkpoint-conformance\.lifecycle/,
  /\b(registered|registration\(\)|reg)\??\.(create|enterLifespan)\(/,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

describe("one lifecycle (src/runtime/lease.ts)", () => {
  it("no file of src/ or scripts/ but registration.ts and runtime/lease.ts reaches a registration's raw factory or lifespan", () => {
    const offenders = [...sources(join(ROOT, "src")), ...sources(join(ROOT, "scripts"))]
      .map((path) => relative(ROOT, path))
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) => {
        const text = readFileSync(join(ROOT, file), "utf8");
        return RAW_ACCESS.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`);
      });
    expect(offenders).toEqual([]);
    // The check itself finds what it forbids.
    expect(RAW_ACCESS.some((p) => p.test("const lease = await registered.create();"))).toBe(true);
  });

  it("the bench releases a saver the factory delivers after the timeout, and fails when a cleanup fails", async () => {
    let released = 0;
    const late = checkpointerTest({ name: "late" }, async function* () {
      await new Promise((resolve) => setTimeout(resolve, 300));
      yield new MemorySaver();
      released++;
    });
    await expect(benchmarkSaver(late, { sizes: [2], samples: 1, timeoutMs: 50 })).rejects.toThrow(/timed out after 50 ms in the factory/);
    await expect.poll(() => released, { timeout: 2_000 }).toBe(1);

    const failingCleanup = checkpointerTest({ name: "failing cleanup" }, async function* () {
      yield new MemorySaver();
      throw new Error("could not drop the tables");
    });
    await expect(benchmarkSaver(failingCleanup, { sizes: [2], samples: 1 })).rejects.toThrow(
      /failing cleanup: the factory's cleanup failed: .*could not drop the tables/,
    );
  });

  it("the model run reports a failed cleanup as its error, after running every sequence (fast-check never shrinks on it)", async () => {
    let created = 0;
    const failingCleanup = checkpointerTest({ name: "failing cleanup" }, async function* () {
      created++;
      yield new MemorySaver();
      throw new Error("could not drop the tables");
    });
    const result = await runModel(failingCleanup, { runs: 5, seed: 1, maxCommands: 3, timeoutMs: 5_000 });
    expect(result.status).toBe("error");
    expect(result.error).toMatch(/^the factory's cleanup \(the code after yield\) failed: .*could not drop the tables/);
    expect(result.runs).toBe(5);
    expect(created).toBe(6); // the detection's saver, then one per sequence: none for shrinking
  });
});
