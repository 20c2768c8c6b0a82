/**
 * The public types of the graph scenarios. They name no type of
 * `@langchain/langgraph`, an optional peer: a project without it compiles
 * these declarations with `skipLibCheck: false` too. The scenarios themselves
 * are written against the loaded module's own types (scenario-context.ts).
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import type { BaseCache, BaseCheckpointSaver, BaseStore, CheckpointListOptions, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { ClauseId } from "../diagnosis/clauses.js";

/** @public */
export type Durability = "async" | "sync" | "exit";

/** One way to run a scenario: a cross-cutting dimension (durability, latency, threads, store × cache). @public */
export interface ScenarioVariant {
  /** Shown in brackets after the scenario id: `G02[exit]`. */
  name: string;
  /** Default "async". */
  durability?: Durability;
  /** Delay (ms) added to the saver under test's put(), a quarter of it to putWrites(). */
  latencyMs?: number;
  /** Knobs the scenario itself reads (store/cache choice, thread count). */
  params?: Readonly<Record<string, string | number | boolean>>;
}

/** What a graph user sees of a checkpoint (a structural subset of `@langchain/langgraph`'s StateSnapshot). @public */
export interface GraphStateSnapshot {
  readonly values: unknown;
  readonly next: readonly string[];
  readonly config: RunnableConfig;
  readonly metadata?: CheckpointMetadata;
  readonly createdAt?: string;
  readonly parentConfig?: RunnableConfig;
  readonly tasks: readonly unknown[];
}

/** The compiled-graph methods the scenarios use (a structural subset of CompiledStateGraph). @public */
export interface GraphLike {
  invoke(input: unknown, options?: Record<string, unknown>): Promise<unknown>;
  getState(config: RunnableConfig, options?: { subgraphs?: boolean }): Promise<GraphStateSnapshot>;
  getStateHistory(config: RunnableConfig, options?: CheckpointListOptions): AsyncIterableIterator<GraphStateSnapshot>;
  updateState(config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig>;
}

/** What a scenario gets to build its graphs and record what the graph user sees. @public */
export interface ScenarioContext {
  /** The loaded `@langchain/langgraph` module (typed as such where the scenarios are written). */
  readonly lg: object;
  /** The saver of this run: the one under test, or the MemorySaver reference. */
  readonly checkpointer: BaseCheckpointSaver;
  /** The store of this run: the one under test (product runs), else a fresh InMemoryStore. */
  readonly store: BaseStore;
  /** The cache of this run: the one under test, a fresh InMemoryCache, or undefined when the run has none. */
  readonly cache: BaseCache | undefined;
  readonly variant: ScenarioVariant;
  readonly durability: Durability;
  /** A config for a thread of this run: `{ configurable: { thread_id } }`. */
  thread(label: string): RunnableConfig;
  /** Counts a node call; the counts are the transcript's last entry. */
  called(node: string): void;
  /** How often a node was called so far in this run. */
  calls(node: string): number;
  /** `graph.invoke(input, config + durability)`; records the output or the error it threw. */
  invoke(label: string, graph: GraphLike, input: unknown, config: RunnableConfig, extra?: Record<string, unknown>): Promise<unknown>;
  /** Runs any step; records its (normalised) result or the error it threw. */
  step<T>(label: string, work: () => Promise<T>, show?: (result: T) => unknown): Promise<T | undefined>;
  /** Records getState. */
  state(
    label: string,
    graph: GraphLike,
    config: RunnableConfig,
    options?: { subgraphs?: boolean },
  ): Promise<GraphStateSnapshot | undefined>;
  /** Records the whole getStateHistory (newest first, as returned). */
  history(label: string, graph: GraphLike, config: RunnableConfig, options?: CheckpointListOptions): Promise<GraphStateSnapshot[]>;
  /** Records `updateState` and its returned config. */
  update(label: string, graph: GraphLike, config: RunnableConfig, values: unknown, asNode?: string): Promise<RunnableConfig | undefined>;
  /** Records a value as it is (after id normalisation). */
  record(label: string, value: unknown): void;
}

/**
 * One graph-level scenario: a real StateGraph run on the saver under test and
 * on MemorySaver; their normalised transcripts must be equal.
 * @public
 */
export interface GraphScenario {
  /** `G01` … `G22`. */
  readonly id: string;
  /** kebab-case, e.g. `replay-old-checkpoint`. */
  readonly name: string;
  /** What it checks, one line. */
  readonly description: string;
  /**
   * Reads checkpoints older than the latest (replays, forks, counts or filters
   * the history): not applicable to a latest-only saver. Under latest-only, the
   * other scenarios compare a plain history by its head only.
   */
  readonly needsHistory: boolean;
  /** Storage clauses it leans on, the most likely culprit first. */
  readonly clauses: readonly ClauseId[];
  /**
   * Uses `ctx.store` / `ctx.cache`: a product scenario, also run by the
   * checkpointer × store × cache matrix with the store and cache under test.
   */
  readonly uses?: { readonly store?: true; readonly cache?: true };
  /** Default: one async run. */
  readonly variants?: readonly ScenarioVariant[];
  run(ctx: ScenarioContext): Promise<void>;
}

/** One entry of a transcript: what the graph user saw at one step. */
export interface TranscriptEntry {
  label: string;
  value: unknown;
}
