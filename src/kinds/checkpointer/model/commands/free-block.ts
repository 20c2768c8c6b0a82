import type { ModelState } from "../sequence-env.js";

/** Blocks of ids one (thread, namespace) can hold of one command's kind. */
const BLOCKS = 10;

/**
 * The first block whose first id the (thread, namespace) does not hold yet, so that two of
 * a command's id runs (long threads, bulk threads, many-channel checkpoints) never collide;
 * undefined when all are taken.
 */
export function freeBlock(m: Readonly<ModelState>, threadId: string, ns: string, firstIdOf: (block: number) => string): number | undefined {
  const taken = new Set(m.model.checkpointIds(threadId, ns));
  for (let block = 0; block < BLOCKS; block++) if (!taken.has(firstIdOf(block))) return block;
  return undefined;
}
