import type { SpecTest } from "./checks/types.js";

/**
 * What a saver promises to keep. `full` (the default): every checkpoint of a
 * thread, so history, `before`, parent lookups and replay/fork work.
 * `latest-only`: only the latest checkpoint per thread and namespace (a
 * "shallow" saver); tests that need older checkpoints are not applicable, every
 * other guarantee is still checked.
 * @public
 */
export type SaverProfile = "full" | "latest-only";

export const SAVER_PROFILES: readonly SaverProfile[] = ["full", "latest-only"];

export function isSaverProfile(value: unknown): value is SaverProfile {
  return typeof value === "string" && (SAVER_PROFILES as readonly string[]).includes(value);
}

/** `<where>: option "profile" must be one of "full", "latest-only", got <value>`. */
export function profileOptionError(where: string, got: string): string {
  return `${where}: option "profile" must be one of ${SAVER_PROFILES.map((p) => `"${p}"`).join(", ")}, got ${got}`;
}

/** The prefix of every "not applicable" reason, so reporters and tests can tell it from other skips. */
export const NOT_APPLICABLE_LATEST_ONLY = "not applicable (latest-only)";

/**
 * Why a spec test does not apply to a saver of this profile, or undefined when
 * it does. The rule is one metadata field: a test with `needsHistory: true`
 * reads a checkpoint older than the latest (history, `before`, parents, delta
 * history) and does not apply to a latest-only saver.
 */
export function notApplicableReason(test: Pick<SpecTest, "needsHistory">, profile: SaverProfile): string | undefined {
  if (profile !== "latest-only" || test.needsHistory !== true) return undefined;
  return `${NOT_APPLICABLE_LATEST_ONLY}: needs checkpoints older than the latest, which this saver is declared not to keep`;
}

/** True for a skip reason written by {@link notApplicableReason} (or a section's own "not applicable"). */
export function isNotApplicableReason(reason: string): boolean {
  return reason.startsWith(NOT_APPLICABLE_LATEST_ONLY);
}

/** `BASE (latest-only)`: the level with the profile it was measured under (nothing added for `full`). */
export function levelWithProfile(level: string, profile: SaverProfile): string {
  return profile === "latest-only" ? `${level} (latest-only)` : level;
}

/** The profile a run checks: `validate()`'s option (the CLI's `--latest-only`), else the registration's. */
export function effectiveProfile(registered: { profile: SaverProfile }, options: { profile?: SaverProfile }): SaverProfile {
  return options.profile ?? registered.profile;
}
