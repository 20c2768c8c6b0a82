import { MemorySaver } from "@langchain/langgraph-checkpoint";
import { writesKeyOf } from "./memory-internals.js";

/** What a narrow integer column makes of a write index. */
export type IndexWidth = (idx: number) => number;

/** A signed integer column of `bits` bits: the driver's cast wraps (128 becomes -128 in 8 bits). */
export const signedWrap =
  (bits: number): IndexWidth =>
  (idx) => {
    const span = 2 ** bits;
    return ((((idx + span / 2) % span) + span) % span) - span / 2;
  };

/**
 * MemorySaver whose write index goes through a narrow column. Two writes whose
 * indexes land on one value share a key, and the first stored wins (`INSERT OR
 * IGNORE` on the primary key); special writes (negative indexes) are untouched.
 */
export class NarrowWriteIndexSaver extends MemorySaver {
  constructor(private readonly width: IndexWidth) {
    super();
  }

  override async putWrites(...args: Parameters<MemorySaver["putWrites"]>) {
    const [config, , taskId] = args;
    await super.putWrites(...args);
    const stored = this.writes[writesKeyOf(config)] ?? {};
    const mine = Object.keys(stored)
      .map((key) => ({ key, idx: Number(key.slice(key.lastIndexOf(",") + 1)) }))
      .filter(({ key, idx }) => key.slice(0, key.lastIndexOf(",")) === taskId && idx >= 0 && this.width(idx) !== idx)
      .sort((a, b) => a.idx - b.idx);
    for (const { key, idx } of mine) {
      const narrowed = `${taskId},${this.width(idx)}`;
      if (!(narrowed in stored)) stored[narrowed] = stored[key]!;
      delete stored[key];
    }
  }
}
