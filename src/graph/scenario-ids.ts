import { GRAPH_SCENARIOS } from "./scenarios/index.js";

/**
 * The graph scenario ids, in order, taken from the scenarios themselves. The
 * scenario modules import no package at load time (the graph code gets
 * @langchain/langgraph when it runs), so the CLI checks `--graph-scenarios`
 * with this list without loading LangGraph.
 */
export const GRAPH_SCENARIO_IDS: readonly string[] = GRAPH_SCENARIOS.map((s) => s.id);
