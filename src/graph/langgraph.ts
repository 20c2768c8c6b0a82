/** The `@langchain/langgraph` module, an optional peer dependency. */
export type LangGraph = typeof import("@langchain/langgraph");

let loaded: Promise<LangGraph | undefined> | undefined;

/** Loads `@langchain/langgraph` once; undefined when it is not installed. */
export function loadLangGraph(): Promise<LangGraph | undefined> {
  loaded ??= import("@langchain/langgraph").then(
    (mod) => mod as LangGraph,
    () => undefined,
  );
  return loaded;
}
