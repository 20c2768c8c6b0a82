import {
  MemorySaver,
  type Checkpoint,
  type CheckpointListOptions,
  type CheckpointMetadata,
  type CheckpointTuple,
  type PendingWrite,
} from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import type { AdversarialMutant } from "./adversarial-mutants.js";

/**
 * Savers with one bug of the families issue 40 found passing the default run, each on an input the model's
 * generators did not give before (docs/implementation-methods.md names the way of implementing that goes wrong).
 * Like adversarial-mutants.ts, they prove the model mode's inputs, not the spec suites.
 */

const coordinates = (config: RunnableConfig) => ({
  threadId: config.configurable?.thread_id as string,
  ns: (config.configurable?.checkpoint_ns as string | undefined) ?? "",
});

/** IM-put-upsert-deletes-writes: `INSERT OR REPLACE` deletes the old row, and the writes' foreign key cascades. */
class ReputCascadesToWrites extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    const { threadId, ns } = coordinates(config);
    if (this.storage[threadId]?.[ns]?.[checkpoint.id] !== undefined) delete this.writes[JSON.stringify([threadId, ns, checkpoint.id])];
    return super.put(config, checkpoint, metadata);
  }
}

/** IM-put-upsert-merges-metadata: the checkpoint document is upserted field by field (`$set`), so old metadata keys stay. */
class ReputMergesMetadata extends MemorySaver {
  private readonly metadataOf = new Map<string, CheckpointMetadata>();

  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    const { threadId, ns } = coordinates(config);
    const key = JSON.stringify([threadId, ns, checkpoint.id]);
    const merged = { ...(this.metadataOf.get(key) ?? {}), ...metadata } as CheckpointMetadata;
    this.metadataOf.set(key, merged);
    return super.put(config, checkpoint, merged);
  }

  override async deleteThread(threadId: string): Promise<void> {
    for (const key of [...this.metadataOf.keys()]) if ((JSON.parse(key) as string[])[0] === threadId) this.metadataOf.delete(key);
    return super.deleteThread(threadId);
  }
}

/** IM-putWrites-async-order: each write is uploaded at once (longer for a larger value) and numbered as its upload finishes. */
class WritesIndexedByCompletion extends MemorySaver {
  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    const finished: PendingWrite[] = [];
    await Promise.all(
      writes.map(async (write) => {
        const size = JSON.stringify(write[1] ?? null)?.length ?? 0;
        await new Promise((resolve) => setTimeout(resolve, Math.floor(size / 16_384)));
        finished.push(write);
      }),
    );
    return super.putWrites(config, finished, taskId, taskPath);
  }
}

/** IM-putWrites-client-decoding: the client decodes JSON on read, so a string value that is JSON text is decoded again. */
class JsonDecodedTwice extends MemorySaver {
  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    const tuple = await super.getTuple(config);
    return tuple && decoded(tuple);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for await (const tuple of super.list(config, options)) yield decoded(tuple);
  }
}

function decodedValue(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function decoded(tuple: CheckpointTuple): CheckpointTuple {
  const values = Object.fromEntries(
    Object.entries(tuple.checkpoint.channel_values).map(([channel, value]) => [channel, decodedValue(value)]),
  );
  return {
    ...tuple,
    checkpoint: { ...tuple.checkpoint, channel_values: values },
    pendingWrites: tuple.pendingWrites?.map(([taskId, channel, value]) => [taskId, channel, decodedValue(value)]),
  };
}

/** IM-list-filter-bound: filter values are inlined into the SQL text, so a quote ends the literal and the query fails. */
class FilterValuesInlined extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    for (const [key, value] of Object.entries(options?.filter ?? {})) {
      const sql = `json_extract(metadata, '$.${key}') = '${typeof value === "string" ? value : JSON.stringify(value)}'`;
      if ((sql.match(/'/g)?.length ?? 0) % 2 !== 0)
        throw new Error(`SQLITE_ERROR: unrecognized token: "${sql.slice(sql.lastIndexOf("'"))}"`);
    }
    yield* super.list(config, options);
  }
}

/**
 * IM-put-plain-object-map: threads kept in a plain object, `storage[thread] ??= {}`. A thread named like an
 * Object.prototype member finds the inherited function, so its data lands on that function, which every saver of
 * the process shares (here: one saver for all of them); `delete storage[thread]` deletes nothing own, and
 * `Object.keys(storage)` never lists it.
 */
const INHERITED = new MemorySaver();
const inherited = (threadId: unknown) => typeof threadId === "string" && threadId in Object.prototype;

class PlainObjectThreads extends MemorySaver {
  override async put(config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata): Promise<RunnableConfig> {
    return inherited(config.configurable?.thread_id)
      ? INHERITED.put(config, checkpoint, metadata)
      : super.put(config, checkpoint, metadata);
  }

  override async putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string): Promise<void> {
    return inherited(config.configurable?.thread_id)
      ? INHERITED.putWrites(config, writes, taskId, taskPath)
      : super.putWrites(config, writes, taskId, taskPath);
  }

  override async getTuple(config: RunnableConfig): Promise<CheckpointTuple | undefined> {
    return inherited(config.configurable?.thread_id) ? INHERITED.getTuple(config) : super.getTuple(config);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    yield* inherited(config.configurable?.thread_id) ? INHERITED.list(config, options) : super.list(config, options);
  }

  override async deleteThread(threadId: string): Promise<void> {
    if (!inherited(threadId)) await super.deleteThread(threadId);
  }
}

export const ISSUE_40_MUTANTS: AdversarialMutant[] = [
  {
    name: "reput-cascades-to-writes",
    bug: "a re-put of a checkpoint id deletes its pending writes (INSERT OR REPLACE cascading to the writes)",
    create: () => new ReputCascadesToWrites(),
  },
  {
    name: "reput-merges-metadata",
    bug: "a re-put of a checkpoint id merges the new metadata into the old ($set upsert): dropped keys stay",
    create: () => new ReputMergesMetadata(),
  },
  {
    name: "writes-indexed-by-completion",
    bug: "putWrites numbers a call's writes in the order their (size-dependent) upload finishes",
    create: () => new WritesIndexedByCompletion(),
  },
  {
    name: "json-decoded-twice",
    bug: 'string values that are JSON text ("42", "true", "null", "[]") come back decoded',
    create: () => new JsonDecodedTwice(),
  },
  {
    name: "filter-values-inlined",
    bug: "list() inlines filter values into SQL: a value with a quote fails the query",
    create: () => new FilterValuesInlined(),
  },
  {
    name: "plain-object-threads",
    bug: "threads in a plain object: toString and hasOwnProperty threads are shared by every saver, never deleted",
    create: () => new PlainObjectThreads(),
  },
];
