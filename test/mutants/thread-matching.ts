import { MemorySaver, type CheckpointListOptions, type CheckpointTuple } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { collect, takeLimit } from "./list-rewrite.js";

/** Which stored thread ids (or namespaces) a requested one matches. The correct rule is `stored === requested`. */
export type IdMatch = (stored: string, requested: string) => boolean;

export type MatchedMethod = "getTuple" | "list" | "deleteThread";

/**
 * MemorySaver whose chosen methods resolve the requested thread id (and
 * namespace) by a wrong rule, as a backend that matches ids by pattern or
 * collation does: every stored thread the rule accepts answers the query.
 */
export class ThreadMatchingSaver extends MemorySaver {
  constructor(
    private readonly methods: readonly MatchedMethod[],
    private readonly matchThread: IdMatch,
    private readonly matchNamespace: IdMatch = (stored, requested) => stored === requested,
  ) {
    super();
  }

  private threadsMatching(requested: string): string[] {
    return Object.keys(this.storage).filter((stored) => this.matchThread(stored, requested));
  }

  private namespacesMatching(threadId: string, requested: string): string[] {
    return Object.keys(this.storage[threadId] ?? {}).filter((stored) => this.matchNamespace(stored, requested));
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const { thread_id, checkpoint_ns = "", checkpoint_id } = config.configurable ?? {};
    if (!this.methods.includes("getTuple") || typeof thread_id !== "string") return super.getTuple(config);
    const found: CheckpointTuple[] = [];
    for (const threadId of this.threadsMatching(thread_id)) {
      for (const ns of this.namespacesMatching(threadId, checkpoint_ns)) {
        const tuple = await super.getTuple({
          configurable: { thread_id: threadId, checkpoint_ns: ns, ...(checkpoint_id ? { checkpoint_id } : {}) },
        });
        if (tuple) found.push(tuple);
      }
    }
    // Like `ORDER BY checkpoint_id DESC LIMIT 1` over every matched row.
    return found.sort((x, y) => (x.checkpoint.id < y.checkpoint.id ? 1 : -1))[0];
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const { thread_id, checkpoint_ns } = config.configurable ?? {};
    if (!this.methods.includes("list") || typeof thread_id !== "string") {
      yield* super.list(config, options);
      return;
    }
    const found: CheckpointTuple[] = [];
    for (const threadId of this.threadsMatching(thread_id)) {
      const namespaces = typeof checkpoint_ns === "string" ? this.namespacesMatching(threadId, checkpoint_ns) : [undefined];
      for (const ns of namespaces) {
        const configurable = { ...config.configurable, thread_id: threadId, ...(ns === undefined ? {} : { checkpoint_ns: ns }) };
        found.push(...(await collect(super.list({ configurable }, { ...options, limit: undefined }))));
      }
    }
    yield* takeLimit(
      found.sort((x, y) => (x.checkpoint.id < y.checkpoint.id ? 1 : -1)),
      options?.limit,
    );
  }

  override async deleteThread(threadId: string): Promise<void> {
    if (!this.methods.includes("deleteThread")) return super.deleteThread(threadId);
    for (const stored of this.threadsMatching(threadId)) await super.deleteThread(stored);
  }
}

/** A glob pattern (`*`, `?`, `[...]`, as Redis SCAN MATCH reads it) as a whole-string regex. */
export function globRegex(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|\\]/g, "\\$&")
    .replace(/\*/g, ".*")
    .replace(/\?/g, ".");
  return new RegExp(`^${body}$`, "su");
}

/** A SQL LIKE pattern (`%`, `_`, no escape clause) as a whole-string regex. */
export function likeRegex(pattern: string): RegExp {
  const body = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/%/g, ".*")
    .replace(/_/g, ".");
  return new RegExp(`^${body}$`, "su");
}
