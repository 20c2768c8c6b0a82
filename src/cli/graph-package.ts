import { loadLangGraph } from "../graph/langgraph.js";
import type { CliOptions } from "./options.js";
import { CliUsageError } from "../util/usage-error.js";

/** The options that ask for the graph scenarios by name. */
const GRAPH_FLAGS = ["graph", "graph-scenarios", "graph-skip"] as const;

/**
 * The graph scenarios asked for on the command line (--graph,
 * --graph-scenarios, --graph-skip) without `@langchain/langgraph` installed:
 * a usage error (exit 2) saying what to install, so that a CI job asking for
 * the graph check cannot pass without it.
 */
export async function requireGraphPackageIfAsked(options: CliOptions): Promise<void> {
  const asked = GRAPH_FLAGS.find((flag) => options[flag] !== undefined && options[flag] !== false);
  if (asked === undefined) return;
  const loaded = await loadLangGraph();
  if (!loaded.ok) throw new CliUsageError(`--${asked} asks for the graph scenarios, which need @langchain/langgraph: ${loaded.reason}`);
}

/** Why the graph scenarios, on by default (--backends), cannot run; undefined when they can. */
export async function graphUnavailableReason(): Promise<string | undefined> {
  const loaded = await loadLangGraph();
  return loaded.ok ? undefined : loaded.reason;
}
