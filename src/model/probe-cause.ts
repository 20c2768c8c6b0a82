import type { Probe } from "../hints/probe.js";
import { PROBES } from "../hints/probes/index.js";
import type { ModelDisagreement } from "./sequence-env.js";

/**
 * The probes of the clauses a disagreement's fields can come from, and of the
 * operations its sequence ran (a probe names the cause only if it fails).
 */
export function probeCandidates(d: ModelDisagreement, transcript: readonly string[]): Probe[] {
  const paths = d.differences.map((x) => x.path).join("\n");
  const clauses = new Set<string>();
  const add = (...ids: string[]) => ids.forEach((id) => clauses.add(id));
  if (/pendingWrites|\.writes\b|\.seed\b/.test(paths)) add("special-upsert", "pending-writes", "writes-order", "writes-before-put");
  // getDeltaChannelHistory walks the parents and seeds from stored channel values.
  if (d.operation.startsWith("getDeltaChannelHistory")) add("parent", "carried-values");
  if (/^listed|^number of listed|^order within/m.test(paths)) add("ids", "list", "latest");
  if (/checkpoint\.id|checkpoint_id|^tuple$/m.test(paths)) add("latest", "ids");
  if (/channel_values|channel_versions/.test(paths)) add("carried-values", "branch-values", "serde");
  if (/parentConfig/.test(paths)) add("parent");
  if (/metadata/.test(paths)) add("metadata");
  if (d.operation.includes("deleteThread") || transcript.some((line) => line.includes("saver.deleteThread("))) add("delete-thread");
  return PROBES.filter((p) => clauses.has(p.clause));
}

/**
 * Of the probes that failed, the one to name as the disagreement's cause: the
 * first that explains one of its difference paths, else the first. (The D1
 * saver failed both special-upsert and writes-order; its disagreement was an
 * order-only difference, which only writes-order accounts for.)
 */
export function causeProbe<T extends { probe: Probe }>(failed: readonly T[], d: ModelDisagreement): T | undefined {
  const explains = (o: T) => o.probe.explains !== undefined && d.differences.some((x) => o.probe.explains!.test(x.path));
  return failed.find(explains) ?? failed[0];
}
