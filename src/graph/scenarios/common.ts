import type { LangGraph } from "../langgraph.js";
import type { GraphLike, ScenarioContext } from "../scenario-context.js";

/**
 * StateGraph's builder with node names as plain strings: the typed builder
 * tracks names as literal types, which graphs built from lists cannot satisfy.
 */
export interface LooseBuilder {
  addNode(name: string, action: unknown, options?: Record<string, unknown>): LooseBuilder;
  addEdge(from: string | string[], to: string): LooseBuilder;
  addConditionalEdges(from: string, route: (state: never) => unknown, ends?: string[]): LooseBuilder;
  compile(options?: Record<string, unknown>): unknown;
}

export function builder(lg: LangGraph, state: unknown): LooseBuilder {
  return new lg.StateGraph(state as ReturnType<typeof itemsState>) as unknown as LooseBuilder;
}

/** A compiled graph seen through the methods the scenarios use. */
export function asGraph(compiled: unknown): GraphLike {
  return compiled as GraphLike;
}

/** Appends updates in order: the reducer whose order a saver must not disturb. */
export const concat = (left: string[], right: string | string[]): string[] => left.concat(right);

/** `{ items: string[] }` with the concat reducer: the state most scenarios use. */
export function itemsState(lg: LangGraph) {
  return lg.Annotation.Root({
    items: lg.Annotation<string[], string | string[]>({ reducer: concat, default: () => [] }),
  });
}

/**
 * A node that counts its calls and appends `<name><call number>` (`b2` on b's
 * second call); it throws on the calls listed in `failOn`.
 */
export function countingNode(ctx: ScenarioContext, name: string, failOn: readonly number[] = [], numbered = true) {
  return () => {
    ctx.called(name);
    const call = ctx.calls(name);
    if (failOn.includes(call)) throw new Error(`${name} fails on call ${call}`);
    return { items: [numbered ? `${name}${call}` : name] };
  };
}

/**
 * Adds `nodes` in their key order and wires START → first → … → last → END.
 * Node names must not look like integers: those keys would be reordered.
 */
export function line(lg: LangGraph, g: LooseBuilder, nodes: Readonly<Record<string, unknown>>): LooseBuilder {
  const names = Object.keys(nodes);
  for (const name of names) g = g.addNode(name, nodes[name]);
  [lg.START, ...names].forEach((from, i) => (g = g.addEdge(from, names[i] ?? lg.END)));
  return g;
}

export interface ChainOptions {
  /** Node name → its own action instead of a `countingNode`. */
  nodes?: Readonly<Record<string, unknown>>;
  /** Node name → the calls on which it throws. */
  failOn?: Readonly<Record<string, readonly number[]>>;
  /** Extra compile options (interruptBefore, ...). */
  compile?: Record<string, unknown>;
  /** Nodes append just their name: for threads running at once, where call numbers depend on scheduling. */
  unnumbered?: boolean;
}

/** START → n1 → n2 → … → END over `{items}`, each node a `countingNode` unless `options.nodes` gives it one. */
export function chain(ctx: ScenarioContext, names: readonly string[], options: ChainOptions = {}): GraphLike {
  const { lg } = ctx;
  const nodes = Object.fromEntries(
    names.map((name) => [name, options.nodes?.[name] ?? countingNode(ctx, name, options.failOn?.[name], !options.unnumbered)]),
  );
  return asGraph(line(lg, builder(lg, itemsState(lg)), nodes).compile({ checkpointer: ctx.checkpointer, ...options.compile }));
}

/** The three durability modes as variants. */
export const DURABILITY_VARIANTS = [
  { name: "async", durability: "async" },
  { name: "sync", durability: "sync" },
  { name: "exit", durability: "exit" },
] as const;
