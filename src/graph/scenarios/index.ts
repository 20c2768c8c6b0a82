import type { GraphScenario } from "../types.js";
import { G01, G02 } from "./linear.js";

/** Every graph scenario, in id order. */
export const GRAPH_SCENARIOS: readonly GraphScenario[] = [G01, G02];
