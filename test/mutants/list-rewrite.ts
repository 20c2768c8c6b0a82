import type { CheckpointTuple } from "@langchain/langgraph-checkpoint";

/**
 * Shared by the list mutants: they ask MemorySaver's list() for more than the
 * caller wanted, then apply one predicate wrongly themselves.
 */
export async function collect(tuples: AsyncIterable<CheckpointTuple>): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const tuple of tuples) out.push(tuple);
  return out;
}

/** `limit` as list() applies it: a count of yielded tuples. */
export function takeLimit(tuples: CheckpointTuple[], limit: number | undefined): CheckpointTuple[] {
  return limit === undefined ? tuples : tuples.slice(0, Math.max(0, limit));
}

export function metadataOf(tuple: CheckpointTuple): Record<string, unknown> {
  return (tuple.metadata ?? {}) as Record<string, unknown>;
}
