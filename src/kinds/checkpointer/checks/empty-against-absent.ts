import { DeltaSnapshot, isDeltaSnapshot, type ChannelVersions, type PendingWrite } from "@langchain/langgraph-checkpoint";
import { ConformanceError, expectEqual } from "../../../assert.js";
import { diffValues, formatValue } from "../../../format.js";
import { generateCheckpoint, generateConfig, generateMetadata } from "../../../test-utils.js";
import type { ExtraTests } from "./extra-tests.js";
import type { SpecTest } from "./types.js";

/**
 * VAL-16: empty is not absent in delta storage and history. A stored empty
 * string, empty list, 0, false or null, plain or inside a DeltaSnapshot, is
 * the nearest seed; a write of an empty value is a write. A backend that
 * stores "" as NULL (Oracle does), or a walk that tests a value for
 * truthiness, walks past the seed to an older one, or drops the write.
 */

/** The stored values a history must take as the seed, one channel each. */
const EMPTY_SEEDS: readonly [label: string, value: unknown][] = [
  ['DeltaSnapshot("")', new DeltaSnapshot("")],
  ["DeltaSnapshot([])", new DeltaSnapshot([])],
  ['plain ""', ""],
  ["plain []", []],
  ["plain 0", 0],
  ["plain false", false],
  ["plain null", null],
];

/** The writes stored on the seed checkpoint for every channel, in this order. */
const EMPTY_WRITES: readonly unknown[] = ["", []];

function describeSeed(seed: unknown): string {
  return isDeltaSnapshot(seed) ? `DeltaSnapshot(${formatValue(seed.value)})` : formatValue(seed);
}

const tests: SpecTest[] = [
  {
    name: "test_val_empty_seeds_and_writes_are_not_absent",
    ids: ["VAL-16"],
    methods: ["IM-deltaHistory-empty-seed"],
    needsHistory: true,
    requires: ["put_writes"],
    description: 'a stored "", [], 0, false or null (plain or in a DeltaSnapshot) is the nearest seed; writes of "" and [] are replayed',
    async run(ctx) {
      const threadId = ctx.threadId("empty-seeds");
      const channels = EMPTY_SEEDS.map((_, i) => `ch${i}`);
      const allAt = (value: (i: number) => unknown) => Object.fromEntries(channels.map((ch, i) => [ch, value(i)]));
      const put = (parentId: string | undefined, step: number, values: Record<string, unknown>) => {
        const versions: ChannelVersions = Object.fromEntries(channels.map((ch) => [ch, step + 1]));
        const checkpoint = generateCheckpoint({ channelValues: values, channelVersions: Object.keys(values).length > 0 ? versions : {} });
        return ctx.saver.put(
          generateConfig(threadId, "", parentId),
          checkpoint,
          generateMetadata("loop", step),
          Object.keys(values).length > 0 ? versions : {},
        );
      };
      const far = await put(
        undefined,
        0,
        allAt(() => new DeltaSnapshot("older snapshot")),
      );
      await ctx.saver.putWrites(
        far,
        channels.map((ch): PendingWrite => [ch, "older write"]),
        "task-far",
      );
      const near = await put(
        far.configurable?.checkpoint_id,
        1,
        allAt((i) => EMPTY_SEEDS[i]![1]),
      );
      await ctx.saver.putWrites(
        near,
        channels.flatMap((ch) => EMPTY_WRITES.map((value): PendingWrite => [ch, value])),
        "task-near",
      );
      const head = await put(near.configurable?.checkpoint_id, 2, {});
      const result = await ctx.saver.getDeltaChannelHistory({ config: head, channels });
      EMPTY_SEEDS.forEach(([label, stored], i) => {
        const entry = result?.[channels[i]!];
        const where = `channel ${channels[i]} (stored ${label} at the head's parent)`;
        if (!entry || !Object.hasOwn(entry, "seed")) {
          throw new ConformanceError(
            `${where}: the history must have a seed, the stored ${label}: an empty value is a stored value, not a missing one`,
            { expected: stored, actual: entry },
          );
        }
        const same = isDeltaSnapshot(stored)
          ? isDeltaSnapshot(entry.seed) && diffValues(stored.value, entry.seed.value).length === 0
          : !isDeltaSnapshot(entry.seed) && diffValues(stored, entry.seed).length === 0;
        if (!same) {
          throw new ConformanceError(
            `${where}: the seed must be the nearest stored value, ${label}, got ${describeSeed(entry.seed)} (does the walk treat an empty or falsy value as absent and go on to an older snapshot?)`,
            { expected: stored, actual: entry.seed },
          );
        }
        expectEqual(
          entry.writes?.map((w) => w[2]),
          EMPTY_WRITES,
          `${where}: the writes stored at the seed checkpoint, "" and [], must be replayed in order (a write of an empty value is a write)`,
        );
      });
    },
  },
];

/** The VAL-16 test, in the delta_channel_history suite. */
export const emptyAgainstAbsentTests: ExtraTests = { delta_channel_history: tests };
