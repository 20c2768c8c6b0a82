import type { StateSnapshot } from "@langchain/langgraph";
import type { RunnableConfig } from "@langchain/core/runnables";
import { findByNext } from "../history.js";
import type { GraphLike, ScenarioContext } from "../scenario-context.js";

/**
 * Records the history after the first run and returns its oldest snapshot
 * about to run `node`: the point a scenario replays or forks from. When there
 * is none, records that instead, and the scenario ends there.
 */
export async function checkpointBefore(
  ctx: ScenarioContext,
  graph: GraphLike,
  cfg: RunnableConfig,
  node: string,
): Promise<StateSnapshot | undefined> {
  const found = findByNext(await ctx.history("history after the first run", graph, cfg), [node]);
  if (!found) ctx.record(`no checkpoint with next [${node}]`, null);
  return found;
}
