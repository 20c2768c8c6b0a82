// Node's types for the public declarations, as in src/index.ts.
/// <reference types="node" preserve="true" />
/**
 * The graph scenarios and the official savers' graph-level deviations:
 * `langgraph-checkpoint-conformance/graph`. A subpath of its own, so that the
 * main entry does not load the scenarios (they run only with `validate(..., { graph })`).
 * @public
 */
export { GRAPH_SCENARIOS } from "./scenarios/index.js";
export { GRAPH_SCENARIO_IDS } from "./scenario-ids.js";
export { SQLITE_GRAPH_DEVIATIONS, POSTGRES_GRAPH_DEVIATIONS, deltaOrderDeviation } from "../backends/known-deviations.js";
export type { GraphOptions } from "./options.js";
export type { GraphScenario, ScenarioContext, ScenarioVariant, Durability, GraphLike, GraphStateSnapshot } from "./types.js";
export type { GraphCaseResult } from "./result.js";
export type { Divergence } from "./compare.js";
