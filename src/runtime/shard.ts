import { describeValue } from "../util/describe-value.js";
import { ConformanceUsageError } from "../util/errors.js";

/**
 * One slice of a run split over several machines, as vitest and Playwright do:
 * shard `index` of `count` (1-based). Work item k (capability, graph scenario,
 * model sequence, backend; counted from 0 in a fixed order) belongs to the
 * shard with k mod count = index - 1, so the shards' union is the whole run.
 * @public
 */
export interface Shard {
  index: number;
  count: number;
}

/** Why a capability is not in a shard's report: another shard runs it (the merge takes that shard's result). */
export const OTHER_SHARD_REASON = "runs in another shard";

/** Whether work item `position` (from 0) belongs to `shard`; everything does without a shard. */
export function inShard(position: number, shard: Shard | undefined): boolean {
  return shard === undefined || position % shard.count === shard.index - 1;
}

/** The items of `list` that belong to `shard`, in their order. */
export function shardSlice<T>(list: readonly T[], shard: Shard | undefined): T[] {
  return list.filter((_, position) => inShard(position, shard));
}

/** `2/3` as a shard; throws `ConformanceUsageError` with `what` naming the source on anything else. */
export function parseShard(text: string, what: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const shard = match ? { index: Number(match[1]), count: Number(match[2]) } : undefined;
  if (!shard || shard.index < 1 || shard.index > shard.count || !Number.isSafeInteger(shard.count)) {
    throw new ConformanceUsageError(`${what} must be INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. 2/3; got ${describeValue(text)}`);
  }
  return shard;
}

/** The `shard` option checked: undefined, or whole numbers with 1 <= index <= count. */
export function checkShard(value: unknown, what: string): Shard {
  const v = value as Partial<Shard> | null;
  const ok =
    typeof v === "object" &&
    v !== null &&
    Number.isSafeInteger(v.index) &&
    Number.isSafeInteger(v.count) &&
    (v.count as number) >= 1 &&
    (v.index as number) >= 1 &&
    (v.index as number) <= (v.count as number);
  if (!ok)
    throw new ConformanceUsageError(
      `${what} must be { index, count } with whole numbers 1 <= index <= count (e.g. 2/3), got ${describeValue(value)}`,
    );
  return { index: v.index as number, count: v.count as number };
}

export function shardLabel(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}
