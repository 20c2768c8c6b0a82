import type { ClauseId } from "../../../diagnosis/clauses.js";
import { PROBES } from "../probes/index.js";
import type { ModelDisagreement } from "./sequence-env.js";

/**
 * The clauses a disagreement's fields can come from, and those of the
 * operations its sequence ran (a probe names the cause only if it fails), in
 * the order the probes are listed, except that writes in another order and
 * nothing else (`… (order)`) is writes-order's alone: that clause goes first.
 * (The D1 saver failed special-upsert too, and an order-only disagreement was
 * headed with special-upsert's JS-03; docs/third-party.md.)
 */
export function probeCandidates(d: ModelDisagreement, transcript: readonly string[]): ClauseId[] {
  const paths = d.differences.map((x) => x.path).join("\n");
  const clauses = new Set<ClauseId>();
  const add = (...ids: ClauseId[]) => ids.forEach((id) => clauses.add(id));
  if (/pendingWrites|\.writes\b|\.seed\b/.test(paths)) add("special-upsert", "pending-writes", "writes-order", "writes-before-put");
  // getDeltaChannelHistory walks the parents and seeds from stored channel values.
  if (d.operation.startsWith("getDeltaChannelHistory")) add("parent", "carried-values");
  if (/^listed|^number of listed|^order within/m.test(paths)) add("ids", "list", "latest");
  if (/checkpoint\.id|checkpoint_id|^tuple$/m.test(paths)) add("latest", "ids");
  if (/channel_values|channel_versions/.test(paths)) add("carried-values", "branch-values", "serde");
  if (/parentConfig/.test(paths)) add("parent");
  if (/metadata/.test(paths)) add("metadata");
  if (d.operation.includes("deleteThread") || transcript.some((line) => line.includes("saver.deleteThread("))) add("delete-thread");
  const listed = PROBES.map((p) => p.clause).filter((clause) => clauses.has(clause));
  const orderOnly = d.differences.some((x) => /(?:pendingWrites|\.writes) \(order\)$/.test(x.path));
  return orderOnly && listed.includes("writes-order") ? ["writes-order", ...listed.filter((c) => c !== "writes-order")] : listed;
}
