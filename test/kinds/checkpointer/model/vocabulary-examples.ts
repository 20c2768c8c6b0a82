import type { SaverCall, VocabularyRuleName } from "../../../../src/kinds/checkpointer/model/vocabulary.js";

const config = { configurable: { thread_id: "t", checkpoint_ns: "", checkpoint_id: "c1" } };
const checkpoint = (v: number) => ({
  v,
  id: "c1",
  ts: "2024-01-01T00:00:00.000Z",
  channel_values: {},
  channel_versions: {},
  versions_seen: {},
});

/** Per rule of the vocabulary, a call carrying the input it keeps out. */
export const OUTSIDE: Record<VocabularyRuleName, SaverCall> = {
  "v4-checkpoints": { method: "put", args: [config, checkpoint(1), {}, {}] },
  "scalar-list-filters": { method: "list", args: [{ configurable: { thread_id: "t" } }, { filter: { source: { nested: 1 } } }] },
  "list-config-without-checkpoint-id": { method: "list", args: [config] },
  "put-config-keys": { method: "put", args: [{ configurable: { ...config.configurable, user_id: "u" } }, checkpoint(4), {}, {}] },
  "put-writes-with-namespace": {
    method: "putWrites",
    args: [{ configurable: { thread_id: "t", checkpoint_id: "c1" } }, [["ch", 1]], "task"],
  },
  "prune-strategies": { method: "prune", args: [["t"], { strategy: "keep_first" }] },
  "write-channel-names": { method: "putWrites", args: [config, [["constructor", 1]], "task"] },
  "write-values-not-bytes": { method: "putWrites", args: [config, [["ch", new Uint8Array([1, 2])]], "task"] },
};

/** The same methods with inputs the generators give. */
export const INSIDE: readonly SaverCall[] = [
  {
    method: "put",
    args: [{ configurable: { thread_id: "t", checkpoint_ns: "" } }, checkpoint(4), { source: "loop", step: 0, parents: {} }, {}],
  },
  { method: "list", args: [{ configurable: { thread_id: "t" } }, { filter: { source: "loop" }, limit: 2 }] },
  { method: "putWrites", args: [config, [["ch", { bytes: new Uint8Array([1]) }]], "task"] },
  { method: "prune", args: [["t"], { strategy: "keep_latest" }] },
];
