import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type DeclarableBehaviour } from "../../src/index.js";

const memory = checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver());

describe("model options", () => {
  it("an unknown model.ignore id is a usage error reported by the run, naming it and the known ones", async () => {
    const misspelt = ["ignores-taskpath"] as unknown as DeclarableBehaviour[];
    const report = await validate(memory, { capabilities: [], model: { runs: 1, ignore: misspelt } });
    expect(report.sections.map((s) => s.key)).not.toContain("model");
    expect(report.errors.join("\n")).toMatch(
      /the model section failed to run: validate: option "model\.ignore" has unknown behaviour ids "ignores-taskpath"; known: ignores-task-path, delete-thread-before-setup-rejects/,
    );
  });

  it("accepts the known ids", async () => {
    const report = await validate(memory, { capabilities: [], model: { runs: 1, seed: 1, ignore: ["ignores-task-path"] } });
    expect(report.toDict().model).toMatchObject({ status: "passed", runs: 1 });
  });
});
