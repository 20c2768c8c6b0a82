/** Checks and converts the values of command-line options; every bad value is a CliUsageError naming the flag and the fix. */
import { ALL_CAPABILITY_IDS, type CapabilityId } from "../kinds/descriptors.js";
import { BACKEND_IDS, STORE_CACHE_BACKEND_IDS } from "../backends/ids.js";
import { GRAPH_SCENARIO_IDS } from "../graph/scenario-ids.js";
import { CliUsageError } from "../util/usage-error.js";

/** "a, b,,c" -> ["a", "b", "c"]; an empty list is bad usage. */
export function commaList(raw: string, flag: string, example: string): string[] {
  const items = raw
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (items.length === 0) throw new CliUsageError(`${flag} needs a comma-separated list, e.g. ${flag} ${example}`);
  return items;
}

/** Capability ids of any kind: the module, so the kind, is not loaded yet (the run checks them against its kind's table). */
export function capabilityList(raw: string, flag: string): CapabilityId[] {
  const items = commaList(raw, flag, "put,list");
  for (const item of items) {
    if (!(ALL_CAPABILITY_IDS as readonly string[]).includes(item))
      throw new CliUsageError(`unknown capability "${item}" in ${flag}; known: ${ALL_CAPABILITY_IDS.join(", ")}`);
  }
  return items as CapabilityId[];
}

/** Graph scenario ids, case-insensitive ("g07" is G07). */
export function scenarioList(raw: string, flag: string): string[] {
  const known = GRAPH_SCENARIO_IDS;
  const ids = commaList(raw, flag, "G07,G08").map((id) => id.toUpperCase());
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new CliUsageError(
      `unknown graph scenario ${unknown.map((id) => `"${id}"`).join(", ")} in ${flag}; known: ${known[0]} to ${known[known.length - 1]} (--list --graph prints them)`,
    );
  }
  return ids;
}

/** Built-in backend ids, or "all" for every one, in matrix order. */
export function backendList(raw: string, flag: string): string[] {
  const ids = commaList(raw, flag, "memory,sqlite");
  // "all" stays in the list: the stores and caches it adds skip an opt-in one (store:pglite) unless it is named.
  if (ids.includes("all")) return [...BACKEND_IDS, "all", ...STORE_CACHE_BACKEND_IDS.filter((id) => ids.includes(id))];
  const known = [...BACKEND_IDS, ...STORE_CACHE_BACKEND_IDS];
  const unknown = ids.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    throw new CliUsageError(
      `unknown backend ${unknown.map((id) => `"${id}"`).join(", ")} in ${flag}; known: ${known.join(", ")}, or "all"`,
    );
  }
  return known.filter((id) => ids.includes(id)); // matrix order
}

/** A count where 0 means "none" (e.g. --model 0 turns the model mode off). */
export function wholeNumber(raw: string, flag: string, example: string): number {
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value)) {
    throw new CliUsageError(`${flag} must be a whole number (0 turns it off), got "${raw}"; e.g. ${flag} ${example}`);
  }
  return value;
}

export function positiveInteger(raw: string, flag: string, example: string, unit?: string): number {
  const value = Number(raw);
  if (!/^\s*\d+\s*$/.test(raw) || !Number.isSafeInteger(value) || value <= 0) {
    throw new CliUsageError(`${flag} must be a positive whole number${unit ? ` of ${unit}` : ""}, got "${raw}"; e.g. ${flag} ${example}`);
  }
  return value;
}

export function positiveIntegerList(raw: string, flag: string, example: string): number[] {
  return commaList(raw, flag, example).map((item) => positiveInteger(item, flag, example));
}

/** A fast-check seed: any 32-bit integer, negative ones included, or "random" (drawn, then printed). */
export function seedValue(raw: string, flag: string): number | "random" {
  if (raw.trim() === "random") return "random";
  const value = Number(raw);
  if (!/^\s*-?\d+\s*$/.test(raw) || !Number.isInteger(value) || value < -(2 ** 31) || value > 2 ** 31 - 1) {
    throw new CliUsageError(
      `${flag} must be a whole number (the seed printed in the MODEL section) or "random", got "${raw}"; e.g. ${flag} 42`,
    );
  }
  return value;
}
