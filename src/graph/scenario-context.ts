/**
 * The context and scenario types the built-in scenarios are written against:
 * the public ones (types.ts) with the loaded `@langchain/langgraph` module's
 * own types. Internal: the published declarations must not name the optional peer.
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { CheckpointListOptions } from "@langchain/langgraph-checkpoint";
import type { StateSnapshot } from "@langchain/langgraph";
import type { LangGraph } from "./langgraph.js";
import type { GraphScenario as PublicGraphScenario, ScenarioContext as PublicScenarioContext } from "./types.js";

/** The compiled-graph methods the scenarios use (a structural subset of CompiledStateGraph). */
export interface GraphLike {
  invoke(input: unknown, options?: Record<string, unknown>): Promise<unknown>;
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot>;
  getStateHistory(config: RunnableConfig, options?: CheckpointListOptions): AsyncIterableIterator<StateSnapshot>;
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig>;
}

export interface ScenarioContext extends PublicScenarioContext {
  readonly lg: LangGraph;
  invoke(label: string, graph: GraphLike, input: unknown, config: RunnableConfig, extra?: Record<string, unknown>): Promise<unknown>;
  update(label: string, graph: GraphLike, config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig | undefined>;
  state(label: string, graph: GraphLike, config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<StateSnapshot | undefined>;
  history(label: string, graph: GraphLike, config: RunnableConfig, options?: CheckpointListOptions): Promise<StateSnapshot[]>;
}

export interface GraphScenario extends PublicGraphScenario {
  run(ctx: ScenarioContext): Promise<void>;
}
