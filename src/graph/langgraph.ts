import { importOptional } from "../util/optional-import.js";

/** The `@langchain/langgraph` module, an optional peer dependency. */
export type LangGraph = typeof import("@langchain/langgraph");

let loaded: ReturnType<typeof importOptional<LangGraph>> | undefined;

/**
 * Loads `@langchain/langgraph` once. When it cannot be loaded, the reason says
 * whether it is not installed (and how to install it) or failed to load.
 */
export function loadLangGraph(): ReturnType<typeof importOptional<LangGraph>> {
  loaded ??= importOptional<LangGraph>("@langchain/langgraph");
  return loaded;
}
