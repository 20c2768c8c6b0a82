import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate } from "../../src/index.js";
import { sqliteMemoryBackend } from "../../src/backends/index.js";
import { runModel } from "../../src/model/run-model.js";
import dropsMetadata from "../mutants/put-drops-custom-metadata.mutant.js";

const memory = checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver());

describe("model mode", () => {
  it("is off unless asked", async () => {
    const report = await validate(memory, { capabilities: ["delete_thread"] }); // a run with nothing selected is a usage error
    expect(report.sections.map((s) => s.key)).not.toContain("model");
  });

  it("runs as the MODEL section: MemorySaver agrees with the model", async () => {
    const report = await validate(memory, { capabilities: [], model: { runs: 150, seed: 7 } });
    const section = report.sections.find((s) => s.key === "model")!;
    expect(section.passed()).toBe(true);
    expect(report.formatReport()).toMatch(/MODEL \(random operation sequences[\s\S]*✅ 150 sequences \(with delta_channel_history\), no disagreement \(seed 7/);
    expect(report.toDict().model).toMatchObject({ status: "passed", runs: 150, seed: 7, passed: true });
  });

  it("SqliteSaver agrees with the model; its declared deviations are reported, not failed", async () => {
    const result = await runModel(sqliteMemoryBackend.registration(), { runs: 150, seed: 11, timeoutMs: 5_000 });
    expect(result.status).toBe("passed");
    const declared = Object.fromEntries(result.declared.map((d) => [d.behaviour, d]));
    expect(Object.keys(declared).sort()).toEqual(["delete-thread-before-setup-rejects", "ignores-task-path"]);
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

  it("a declared behaviour in the options turns its disagreements into observations", async () => {
    const lazy = checkpointerTest({ name: "lazy tables" }, () => sqliteMemoryBackend.registration().create().then((l) => l.saver));
    const strict = await runModel(lazy, { runs: 100, seed: 5, timeoutMs: 5_000 });
    expect(strict.failure?.operation).toBe("deleteThread()");
    const declared = await runModel(lazy, { runs: 100, seed: 5, timeoutMs: 5_000, ignore: ["delete-thread-before-setup-rejects", "ignores-task-path"] });
    expect(declared.status).toBe("passed");
    expect(declared.declared.find((d) => d.behaviour === "delete-thread-before-setup-rejects")?.reason).toBe("declared in the model options");
  });
});
