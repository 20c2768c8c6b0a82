/**
 * `npm start`: the conformance report for the built-in backends.
 */
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, ProgressCallbacks, validate } from "../src/index.js";

const memory = checkpointerTest({ name: "MemorySaver" }, async function* () {
  yield new MemorySaver();
});

const report = await validate(memory, { progress: ProgressCallbacks.default() });
report.printReport();
process.exitCode = report.passedAllBase() ? 0 : 1;
