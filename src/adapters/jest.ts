// Node's types for the public declarations, as in src/index.ts.
/// <reference types="node" preserve="true" />
/**
 * `langgraph-checkpoint-conformance/jest`: the same adapter as `/vitest`
 * (jest's globals stand in for `runner`), under the name a jest user looks for.
 * @public
 */
export { describeConformance, type DescribeConformanceOptions, type TestRunnerFunctions, type ConformanceSuiteOptions } from "./vitest.js";
