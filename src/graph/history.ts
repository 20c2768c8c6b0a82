import type { StateSnapshot } from "@langchain/langgraph";

/** Drains an async iterator of snapshots, with a cap so an endless history cannot hang a scenario. */
export async function listAllAsync(iterator: AsyncIterable<StateSnapshot>, cap = 5_000): Promise<StateSnapshot[]> {
  const out: StateSnapshot[] = [];
  for await (const snapshot of iterator) {
    out.push(snapshot);
    if (out.length > cap) throw new Error(`getStateHistory yielded more than ${cap} snapshots; the saver's list() does not seem to end`);
  }
  return out;
}

/** The snapshot in a history (newest first) whose `next` is exactly `next`, the oldest such one. */
export function findByNext(history: readonly StateSnapshot[], next: readonly string[]): StateSnapshot | undefined {
  return [...history].reverse().find((s) => s.next.length === next.length && s.next.every((n, i) => n === next[i]));
}
