import type { GraphScenario } from "../types.js";
import { G03, G04, G16 } from "./interrupts.js";
import { G01, G02 } from "./linear.js";
import { G14, G15, G17, G18 } from "./parallel.js";
import { G19, G20, G21 } from "./history.js";
import { G22 } from "./store-cache.js";
import { G23 } from "./store-parallel.js";
import { G24 } from "./store-interrupt.js";
import { G25 } from "./store-subgraph.js";
import { G26 } from "./cache-task-interrupts.js";
import { G27 } from "./cache-node-threads.js";
import { G28 } from "./cache-ttl.js";
import { G11, G12, G13 } from "./subgraphs.js";
import { G07, G08, G09, G10 } from "./time-travel.js";
import { G05, G06 } from "./update-state.js";

/** Every graph scenario, in id order. */
export const GRAPH_SCENARIOS: readonly GraphScenario[] = [
  G01,
  G02,
  G03,
  G04,
  G05,
  G06,
  G07,
  G08,
  G09,
  G10,
  G11,
  G12,
  G13,
  G14,
  G15,
  G16,
  G17,
  G18,
  G19,
  G20,
  G21,
  G22,
  G23,
  G24,
  G25,
  G26,
  G27,
  G28,
].sort((a, b) => (a.id < b.id ? -1 : 1));
