/**
 * Validates a saver whose getTuple() and list() never settle, prints the report
 * as JSON and does nothing else: the process must then exit by itself.
 */
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate } from "../../../src/index.js";
import { withFaults } from "../../fixtures/faults.js";

const registered = checkpointerTest({ name: "HangingSaver" }, async function* () {
  yield withFaults(new MemorySaver(), { method: "getTuple", fault: { kind: "hang" } }, { method: "list", fault: { kind: "hang" } });
});

const report = await validate(registered, { capabilities: ["put", "get_tuple", "list"], timeoutMs: 100, graph: false, model: false });
process.stdout.write(JSON.stringify(report.toDict()));
