import { MemorySaver, type CheckpointListOptions } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { GraphMutant } from "./types.js";

/** list() matches checkpoint_ns as a prefix (`LIKE ns || '%'`), so the root lists its subgraphs too. */
class ListNamespacePrefix extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions) {
    const ns = config.configurable?.checkpoint_ns;
    if (ns === undefined) return yield* super.list(config, options);
    const { checkpoint_ns: _dropped, ...rest } = config.configurable ?? {};
    let limit = options?.limit;
    for await (const tuple of super.list({ ...config, configurable: rest }, { ...options, limit: undefined })) {
      if (!String(tuple.config.configurable?.checkpoint_ns ?? "").startsWith(ns)) continue;
      if (limit !== undefined && limit-- <= 0) return;
      yield tuple;
    }
  }
}

export default {
  name: "list-namespace-prefix",
  bug: "list() matches checkpoint_ns as a prefix instead of exactly, so the root graph's history includes its subgraphs' checkpoints",
  catches: ["G11", "G12", "G13"],
  create: () => new ListNamespacePrefix(),
} satisfies GraphMutant;
