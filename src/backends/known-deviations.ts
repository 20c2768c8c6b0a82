import type { KnownDeviation } from "../registration.js";

/**
 * Graph scenarios the official savers are known to fail (measured with
 * @langchain/langgraph 1.7.3; docs/graph.md has the evidence). A
 * registration lists them in `knownDeviations` so the report shows them as
 * deviations with this reason instead of failures.
 * @public
 */
export const deltaOrderDeviation = (saver: string): KnownDeviation => ({
  tests: ["G18"],
  reason: `${saver} ignores putWrites' taskPath and returns pendingWrites in task-id (or storage) order, so a DeltaChannel rebuilt by a cold getState/history replays parallel writers in another order than the live run`,
});

/** @public */
export const SQLITE_GRAPH_DEVIATIONS: readonly KnownDeviation[] = [deltaOrderDeviation("SqliteSaver 1.0.4")];

/** Why PostgresSaver 1.0.5 reads another branch's values: the graph scenarios above and ORD-11 in the spec suite show it (langgraphjs PR #2584 proposes the fix). */
export const POSTGRES_STALE_BLOBS =
  "PostgresSaver 1.0.5 keys channel blobs by (thread, ns, channel, version) and inserts them with ON CONFLICT DO NOTHING, while versions are plain integers: a replay or fork reuses version numbers, keeps the old branch's blobs, and getState after it shows stale values";

/** @public */
export const POSTGRES_GRAPH_DEVIATIONS: readonly KnownDeviation[] = [
  deltaOrderDeviation("PostgresSaver 1.0.5"),
  { tests: ["G06", "G07", "G08", "G09", "G13"], reason: POSTGRES_STALE_BLOBS },
];
