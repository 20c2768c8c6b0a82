import type { PendingWrite } from "@langchain/langgraph-checkpoint";
import { fail } from "../../../assert.js";
import { formatValue } from "../../../format.js";
import { putTestCheckpoint } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import { pendingWritesOf } from "./pending-writes.js";
import type { SpecTest } from "./types.js";

/**
 * ORD-14: write indexes past the widths of small integer columns. The index
 * of a write is its position in one putWrites call, so one task fanning out
 * 300 Sends (an ordinary map-reduce) writes indexes up to 299: past a signed
 * byte (127) and an unsigned one (255). A column that narrow wraps, clamps or
 * truncates the index, and writes then collide or come back out of order.
 * (Steps past int32 are VAL-14; ids of 1,100 characters, KEY-01.)
 *
 * Not in the default run: indexes past 32,767 (a SMALLINT). They need one call
 * of 32,768 writes, and PostgresSaver inserts a write per query: measured, that
 * call takes 8 s on embedded PostgreSQL (past the 5 s call timeout) and over 1 s
 * on MemorySaver and SqliteSaver (docs/catalog-additions.md, ORD-14).
 */

/** Where a narrow column first goes wrong, for the failure message. */
function firstWrongIndex(values: readonly unknown[]): number {
  return values.findIndex((value, i) => value !== i);
}

function writesOfOneCall(count: number, widths: string): SpecTest {
  return {
    name: `test_ord_write_indexes_past_${widths.replace(/\W+/g, "_")}`,
    ids: ["ORD-14"],
    methods: ["IM-putWrites-idx-column-width"],
    description: `one putWrites call of ${count.toLocaleString("en-US")} writes (indexes past ${widths}) keeps every write, in index order`,
    async run(ctx) {
      const config = await putTestCheckpoint(ctx.saver, { threadId: ctx.threadId("widths") });
      const writes: PendingWrite[] = Array.from({ length: count }, (_, i) => ["results", i]);
      await ctx.saver.putWrites(config, writes, "map-task");
      const values = (await pendingWritesOf(ctx.saver, config, `after one call of ${count} writes`)).map((w) => w[2]);
      const wrong = firstWrongIndex(values);
      if (wrong < 0 && values.length === count) return;
      const at = wrong < 0 ? values.length : wrong;
      // The hint only when the data fits it: writes lost (collided) or an index where another belongs (wrapped or sorted first).
      const fitsNarrowColumn = values.length < count || typeof values[at] === "number";
      fail(
        `one putWrites call of ${count.toLocaleString("en-US")} writes must keep all of them in index order 0..${count - 1} (the values are the indexes)`,
        [
          `got ${values.length.toLocaleString("en-US")} writes; at position ${at} expected ${at}, got ${formatValue(values[at])}`,
          ...(fitsNarrowColumn
            ? [
                "is the write index stored in a narrow integer column (a signed byte wraps 128 to -128, an unsigned one clamps to 255, a SMALLINT wraps at 32,768), so writes collide or sort first?",
              ]
            : []),
        ],
      );
    },
  };
}

/** The ORD-14 tests, in the put_writes suite. */
export const storageWidthTests: ExtraTests = {
  put_writes: [writesOfOneCall(300, "127 and 255")],
};
