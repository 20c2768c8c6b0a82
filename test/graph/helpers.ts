import { expect } from "vitest";
import { MemorySaver, type BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { checkpointerTest, validate, type KnownDeviation } from "../../src/index.js";
import type { RegisteredCheckpointer } from "../../src/registration.js";
import type { GraphOptions } from "../../src/graph/options.js";
import { GraphSection } from "../../src/graph/report-section.js";
import type { GraphCaseResult } from "../../src/graph/result.js";

/** Runs only the graph section (no capability suite) and returns it. */
export async function runGraph(registered: RegisteredCheckpointer, graph: true | GraphOptions = true): Promise<GraphSection> {
  const report = await validate(registered, { capabilities: [], graph });
  expect(report.errors).toEqual([]);
  const section = report.sections.find((s) => s.key === "graph");
  expect(section).toBeInstanceOf(GraphSection);
  return section as GraphSection;
}

export function registerSaver(name: string, create: () => BaseCheckpointSaver, knownDeviations: readonly KnownDeviation[] = []) {
  return checkpointerTest({ name, knownDeviations }, () => create());
}

export const memoryRegistration = () => registerSaver("MemorySaver", () => new MemorySaver());

export type FailedCase = Extract<GraphCaseResult, { status: "failed" }>;

export function failedCases(section: GraphSection): FailedCase[] {
  return section.results.filter((r): r is FailedCase => r.status === "failed");
}
