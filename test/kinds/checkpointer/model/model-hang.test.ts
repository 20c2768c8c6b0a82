import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { describe, expect, it } from "vitest";
import { checkpointerTest } from "../../../../src/index.js";
import { runModel } from "../../../../src/kinds/checkpointer/model/run-model.js";

/** A getTuple() that never settles: every sequence that reads hangs until the timeout. */
class HangingGetTuple extends MemorySaver {
  override getTuple(): Promise<never> {
    return new Promise(() => undefined);
  }
}

describe("the model on a saver that hangs", () => {
  it("reports the hang as found: no shrinking and no probes, each of which would wait the timeout on the same call", async () => {
    const result = await runModel(
      checkpointerTest({ name: "hangs" }, () => new HangingGetTuple()),
      { timeoutMs: 200, runs: 5 },
    );
    expect(result.status).toBe("failed");
    const failure = result.failure!;
    expect(failure.error?.name).toBe("TimeoutError");
    expect([failure.shrinks, failure.replays, failure.removedByReplay]).toEqual([0, 0, 0]);
    expect(failure.cause).toEqual([
      expect.stringMatching(/^cause not probed and the sequence not shrunk: a call never settled \(a hang\)/),
    ]);
  });
});
