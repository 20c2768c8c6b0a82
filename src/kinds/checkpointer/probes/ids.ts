import { randomUUID } from "node:crypto";
import type { Probe } from "../../../diagnosis/probe.js";
import { expectProbe } from "../../../diagnosis/probe.js";
import { idFound, idsListed, putProbe } from "./store.js";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The ids of the run with every UUID replaced by a fresh one (the same UUID gets the same replacement). */
function freshened(ids: readonly string[]): string[] {
  const fresh = new Map<string, string>();
  return ids.map((id) => id.replace(UUID, (m) => fresh.get(m) ?? (fresh.set(m, randomUUID()), fresh.get(m)!)));
}

const describe = (thread: string, ns: string) => `thread ${JSON.stringify(thread)}${ns === "" ? "" : ` namespace ${JSON.stringify(ns)}`}`;

/** Neighbours a wrong key rule confuses with `id`: a longer id, the part before a separator, the other separator. */
export function neighbours(id: string): string[] {
  const cut = id.search(/[:|]/);
  const out = [`${id}x`, ...(cut > 0 ? [id.slice(0, cut)] : []), id.replace(/[:|]/g, (s) => (s === ":" ? "|" : ":"))];
  return [...new Set(out)].filter((n) => n !== id);
}

/**
 * KEY-01: the thread ids and namespaces the run used round-trip exactly: each
 * gets its own checkpoint, next to neighbours that differ by a suffix or a
 * separator, and getTuple/list by each finds its own and no other.
 */
export const idsProbe: Probe = {
  id: "ids",
  clause: "ids",
  catalogId: "KEY-01",
  operation: "put() / getTuple() / list()",
  title: "round-trip of the run's thread ids and namespaces, next to neighbours differing by a suffix or separator",
  usesIds: true,
  async run(saver, sample) {
    const threads = freshened(sample.threads.length > 0 ? sample.threads : ["probe:thread"]);
    const namespaces = sample.namespaces.length > 0 ? [...new Set(["", ...freshened(sample.namespaces)])] : ["", "child:1"];
    const keys: [string, string][] = [];
    for (const thread of threads) for (const ns of namespaces) keys.push([thread, ns]);
    for (const thread of threads) for (const other of neighbours(thread)) keys.push([other, ""]);
    for (const ns of namespaces) for (const other of ns === "" ? [] : neighbours(ns)) keys.push([threads[0], other]);
    const unique = [...new Map(keys.map((k) => [JSON.stringify(k), k])).values()];
    const owners = new Map<string, string>();
    for (const [thread, ns] of unique) owners.set(await putProbe(saver, thread, ns), describe(thread, ns));
    const ownerOf = (id: string | null) => (id === null ? "no checkpoint" : `the checkpoint of ${owners.get(id) ?? `an unknown id ${id}`}`);
    for (const [thread, ns] of unique) {
      const own = `the checkpoint of ${describe(thread, ns)}`;
      const where = describe(thread, ns);
      expectProbe(`getTuple() of ${where} (latest; look-alike ids stored next to it)`, own, ownerOf(await idFound(saver, thread, ns)));
      const foreign = (await idsListed(saver, thread, ns)).map(ownerOf).filter((o) => o !== own);
      expectProbe(`checkpoints of other ids in list() of ${where}`, [], foreign, { operation: "list()", catalogId: "KEY-03" });
    }
  },
};
