import { describe, expect, it } from "vitest";
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type DeclarableBehaviour } from "../../../../src/index.js";

const memory = checkpointerTest({ name: "MemorySaver" }, () => new MemorySaver());

describe("model options", () => {
  it("an unknown model.ignore id makes validate() reject before anything runs, naming it and the known ones", async () => {
    const misspelt = ["ignores-taskpath"] as unknown as DeclarableBehaviour[];
    let created = 0;
    const counting = checkpointerTest({ name: "counting" }, () => {
      created++;
      return new MemorySaver();
    });
    await expect(validate(counting, { model: { runs: 1, ignore: misspelt } })).rejects.toThrow(
      /validate: option "model\.ignore" has unknown behaviour ids "ignores-taskpath"; known: ignores-task-path, delete-thread-before-setup-rejects, list-filter-rejects/,
    );
    expect(created).toBe(0);
  });

  it("accepts the known ids", async () => {
    const report = await validate(memory, { capabilities: [], model: { runs: 1, seed: 1, ignore: ["ignores-task-path"] } });
    expect(report.toDict().model).toMatchObject({ status: "passed", runs: 1 });
  });
});
