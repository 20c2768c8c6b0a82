import type { ValidateOptions } from "../run/options.js";
import { ConformanceUsageError } from "../util/errors.js";
import type { RunIdentity } from "../report/types.js";

export type { RunIdentity };

/** The identity of a run of this suite `version` with `options` (the shard and progress hooks left out). */
export function runIdentity(version: string, options: ValidateOptions): RunIdentity {
  const { shard: _shard, progress: _progress, capabilities, grep, ...rest } = options;
  const shaped: Record<string, unknown> = {
    ...rest,
    ...(capabilities !== undefined ? { capabilities: [...capabilities].sort() } : {}),
    ...(grep !== undefined ? { grep: String(grep) } : {}),
  };
  // Through JSON: the form a report file gives back, with undefined keys gone.
  return { version, options: JSON.parse(JSON.stringify(shaped)) as Record<string, unknown> };
}

/** Throws a one-line `ConformanceUsageError` naming the first thing in which the shards' runs differ. */
export function checkSameRun(identities: readonly RunIdentity[], labels: readonly string[]): void {
  const [first] = identities;
  for (let i = 1; i < identities.length; i++) {
    const other = identities[i];
    if (other.version !== first.version) {
      throw new ConformanceUsageError(
        `merge: the reports were written by different versions of the suite (${first.version} in ${labels[0]}, ${other.version} in ${labels[i]}); run every shard with the same version`,
      );
    }
    const keys = [...new Set([...Object.keys(first.options), ...Object.keys(other.options)])].sort();
    for (const key of keys) {
      const [a, b] = [JSON.stringify(first.options[key]), JSON.stringify(other.options[key])];
      if (a !== b) {
        throw new ConformanceUsageError(
          `merge: the shards were run with different options: ${key} is ${a ?? "not set"} in ${labels[0]} and ${b ?? "not set"} in ${labels[i]}; run every shard with the same options`,
        );
      }
    }
  }
}
