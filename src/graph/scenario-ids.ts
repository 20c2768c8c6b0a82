/**
 * The graph scenario ids, without loading the scenarios: the CLI checks
 * `--graph-scenarios` with this list. A test keeps it equal to the ids of
 * `GRAPH_SCENARIOS`.
 */
export const GRAPH_SCENARIO_IDS = Array.from({ length: 28 }, (_, i) => `G${String(i + 1).padStart(2, "0")}`);
