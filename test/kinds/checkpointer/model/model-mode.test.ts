import { ALONE, openSubject } from "../../../../src/runtime/lease.js";
import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate } from "../../../../src/index.js";
import { sqliteMemoryBackend } from "../../../../src/backends/index.js";
import { runModel } from "../../../../src/kinds/checkpointer/model/run-model.js";
import { defaultModelTimeLimitMs, MODEL_DEFAULTS } from "../../../../src/kinds/checkpointer/model/options.js";
import dropsMetadata from "../../../mutants/put-drops-custom-metadata.mutant.js";

const memory = checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver());

describe("model mode", () => {
  it("runs by default on a whole run, with the default count and the fixed seed printed", async () => {
    const report = await validate(memory, {});
    const model = report.toDict().model as Record<string, unknown>;
    expect(model).toMatchObject({
      status: "passed",
      runs: MODEL_DEFAULTS.runs,
      requested_runs: MODEL_DEFAULTS.runs,
      seed: MODEL_DEFAULTS.seed,
      seed_drawn: false,
      interrupted: false,
    });
    expect(report.formatReport()).toContain(
      `✅ ${MODEL_DEFAULTS.runs} sequences (with delta_channel_history), no disagreement (seed ${MODEL_DEFAULTS.seed},`,
    );
  });

  it("is off with model: false, with runs: 0, and on runs narrowed by capabilities or grep unless asked", async () => {
    for (const options of [{ model: false }, { model: { runs: 0 } }, { capabilities: ["put"] }, { grep: "PUT-01" }] as const) {
      const report = await validate(memory, options);
      expect(
        report.sections.map((s) => s.key),
        JSON.stringify(options),
      ).not.toContain("model");
    }
    const asked = await validate(memory, { capabilities: [], model: true });
    expect(asked.toDict().model).toMatchObject({ status: "passed", runs: MODEL_DEFAULTS.runs, seed: MODEL_DEFAULTS.seed });
  });

  it('the default seed repeats the same sequences; seed "random" draws one, prints it and a replay line', async () => {
    const a = await runModel(memory, { runs: 5, timeoutMs: 5_000 });
    const b = await runModel(memory, { runs: 5, timeoutMs: 5_000 });
    expect([a.seed, a.seedDrawn]).toEqual([MODEL_DEFAULTS.seed, false]);
    expect(b.seed).toBe(a.seed);
    const random = await validate(memory, { capabilities: [], model: { runs: 2, seed: "random" } });
    const dict = random.toDict().model as { seed: number; seed_drawn: boolean };
    expect(dict.seed_drawn).toBe(true);
    expect(random.formatReport()).toContain(`(seed ${dict.seed}, drawn at random,`);
    expect(random.formatReport()).toContain(
      `replay: validate(registered, { model: { seed: ${dict.seed}, runs: 2 } })  or: --model 2 --seed ${dict.seed}`,
    );
  });

  it("a run the time cap cut short is not a pass, and says how much of the count ran", async () => {
    // The factory's first two savers (capability detection, the first sequence) come at once; the third never does, so the cap ends the run there.
    let created = 0;
    const stalls = checkpointerTest({ name: "stalls after two" }, () =>
      ++created <= 2 ? new MemorySaver() : new Promise<MemorySaver>(() => undefined),
    );
    const report = await validate(stalls, { capabilities: [], timeoutMs: 60_000, model: { runs: 50, timeLimitMs: 2_000 } });
    expect(report.toDict().model).toMatchObject({ status: "error", passed: false, runs: 1, interrupted: true });
    expect(report.sections.find((s) => s.key === "model")?.summary?.()).toBe("model INCOMPLETE (time limit: 1 of 50)");
    expect(report.formatReport()).toContain(
      "incomplete: the time limit (2000 ms) stopped the run after 1 of 50 sequences: not a pass, the rest was never checked",
    );
  });

  it("the default time limit does not depend on the saver's speed: every sequence may take a spec test's whole-test limit", () => {
    expect(defaultModelTimeLimitMs(MODEL_DEFAULTS.runs, 5_000)).toBe(20 * 100_000);
    expect(defaultModelTimeLimitMs(MODEL_DEFAULTS.runs, 2 ** 31 - 1)).toBe(2 ** 31 - 1);
  });

  it("runs as the MODEL section: MemorySaver agrees with the model", async () => {
    const report = await validate(memory, { capabilities: [], model: { runs: 150, seed: 7 } });
    const section = report.sections.find((s) => s.key === "model")!;
    expect(section.passed()).toBe(true);
    expect(report.formatReport()).toMatch(
      /MODEL \(random operation sequences[\s\S]*✅ 150 sequences \(with delta_channel_history\), no disagreement \(seed 7/,
    );
    expect(report.toDict().model).toMatchObject({ status: "passed", runs: 150, seed: 7, passed: true });
  });

  it("SqliteSaver agrees with the model; its declared deviations are reported, not failed", async () => {
    const result = await runModel(sqliteMemoryBackend.registration(), { runs: 150, seed: 11, timeoutMs: 5_000 });
    expect(result.status).toBe("passed");
    const declared = Object.fromEntries(result.declared.map((d) => [d.behaviour, d]));
    expect(Object.keys(declared).sort()).toEqual(["delete-thread-before-setup-rejects", "filter-keys-as-paths", "ignores-task-path"]);
    expect(declared["delete-thread-before-setup-rejects"].occurrences).toBeGreaterThan(0);
    expect(declared["delete-thread-before-setup-rejects"].reason).toMatch(/creates its tables lazily/);
  });

  it("shrinks a disagreement to a TypeScript reproduction, replayable from its seed and path", async () => {
    const registered = checkpointerTest({ name: dropsMetadata.name }, () => dropsMetadata.create());
    const first = await runModel(registered, { runs: 200, seed: 3, timeoutMs: 5_000 });
    expect(first.status).toBe("failed");
    const failure = first.failure!;
    expect(failure.lines.join("\n")).toMatch(/metadata\.[^:]+: expected .*but the key is missing/);
    expect(failure.reproduction).toMatch(/^\/\/ put-drops-custom-metadata: minimal sequence/);
    expect(failure.reproduction).toContain("await saver.put(");
    expect(failure.reproduction.split("\n").filter((l) => l.startsWith("await saver.put(")).length).toBe(1);

    const replay = await runModel(registered, { seed: failure.seed, path: failure.path, timeoutMs: 5_000 });
    expect(replay.failure?.reproduction).toBe(failure.reproduction);
  });

  it("stops at the first disagreement and reports it unshrunk and unprobed with stopAtFirstDisagreement (the mutant proofs')", async () => {
    const registered = checkpointerTest({ name: dropsMetadata.name }, () => dropsMetadata.create());
    const result = await runModel(registered, { runs: 200, seed: 3, timeoutMs: 5_000, stopAtFirstDisagreement: true });
    expect(result.status).toBe("failed");
    expect(result.failure).toMatchObject({
      shrinks: 0,
      replays: 0,
      removedByReplay: 0,
      cause: ["cause not probed: the run reported the first disagreement as found"],
    });
    expect(result.failure!.lines.join("\n")).toMatch(/metadata\.[^:]+: expected .*but the key is missing/);
  });

  it("a declared behaviour in the options turns its disagreements into observations", async () => {
    const lazy = checkpointerTest({ name: "lazy tables" }, () =>
      openSubject(sqliteMemoryBackend.registration(), { timeoutMs: 5_000, load: ALONE }).then((l) => l.subject),
    );
    // Only the task-path order declared: the lazy tables' deleteThread is what fails.
    const strict = await runModel(lazy, { runs: 100, seed: 5, timeoutMs: 5_000, ignore: ["ignores-task-path"] });
    expect(strict.failure?.operation).toBe("deleteThread()");
    const declared = await runModel(lazy, {
      runs: 100,
      seed: 5,
      timeoutMs: 5_000,
      ignore: ["delete-thread-before-setup-rejects", "ignores-task-path", "filter-keys-as-paths"],
    });
    expect(declared.status).toBe("passed");
    expect(declared.declared.find((d) => d.behaviour === "delete-thread-before-setup-rejects")?.reason).toBe(
      "declared in the model options",
    );
  });
});
