import { MemorySaver, type Checkpoint, type CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { Mutant } from "./types.js";

/** Writes metadata with document-store dot notation: the key "a.b" sets field b of field a. */
function expandDottedKeys(metadata: Record<string, unknown>): Record<string, unknown> {
  const dotted = Object.keys(metadata).filter((k) => k.includes("."));
  if (dotted.length === 0) return metadata;
  const out: Record<string, unknown> = structuredClone(metadata);
  for (const key of dotted) {
    const path = key.split(".");
    let node = out;
    for (const part of path.slice(0, -1)) {
      if (node[part] === null || typeof node[part] !== "object") node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[path.at(-1)!] = metadata[key];
    delete out[key];
  }
  return out;
}

class MetadataKeysAsPaths extends MemorySaver {
  override put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata) {
    return super.put(config, checkpoint, expandDottedKeys(metadata) as CheckpointMetadata);
  }
}

export default {
  name: "val-metadata-keys-as-paths",
  bug: 'metadata is written with dot notation ($set), so the key "a.b" becomes field b of a nested object a',
  catches: ["test_val_metadata_keys_as_data"],
  create: () => new MetadataKeysAsPaths(),
} satisfies Mutant;
