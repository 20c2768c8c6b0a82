import { MemorySaver, type CheckpointListOptions, type CheckpointTuple, type PendingWrite } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";

/**
 * Savers with one bug of the kinds issue 13 found in real third-party savers:
 * ids used as patterns or prefixes, ids folded by case, a list that stops at a
 * backend page, sorting by text or by ts. Each wraps MemorySaver and changes
 * one thing. They prove the model mode's adversarial pools (not the spec
 * suites), so they live here, not in test/mutants/.
 */
export interface AdversarialMutant {
  name: string;
  bug: string;
  create(): MemorySaver;
}

/** Thread ids in MemorySaver's storage (and its writes), as a key-value backend would scan its keys. */
function storedThreads(saver: MemorySaver): string[] {
  const writesThreads = Object.keys(saver.writes).map((key) => (JSON.parse(key) as string[])[0]!);
  return [...new Set([...Object.keys(saver.storage), ...writesThreads])];
}

/** A glob pattern (`*`, `?`, `[...]`) as a regular expression, as Redis' KEYS/SCAN MATCH reads it. */
function globToRegExp(glob: string): RegExp {
  let source = "";
  for (const ch of glob)
    source += ch === "*" ? ".*" : ch === "?" ? "." : ch === "[" || ch === "]" ? ch : ch.replace(/[.+^${}()|\\]/g, "\\$&");
  try {
    return new RegExp(`^${source}$`, "s");
  } catch {
    return new RegExp(`^${glob.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "s");
  }
}

/** A SQL LIKE pattern (`%`, `_`, case-insensitive as in SQLite) as a regular expression. */
function likeToRegExp(like: string): RegExp {
  let source = "";
  for (const ch of like) source += ch === "%" ? ".*" : ch === "_" ? "." : ch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${source}$`, "is");
}

async function collect(it: AsyncIterable<CheckpointTuple>): Promise<CheckpointTuple[]> {
  const out: CheckpointTuple[] = [];
  for await (const t of it) out.push(t);
  return out;
}

class GlobDeleteThread extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    const pattern = globToRegExp(threadId);
    for (const stored of storedThreads(this)) if (pattern.test(stored)) await super.deleteThread(stored);
    await super.deleteThread(threadId);
  }
}

class PrefixDeleteThread extends MemorySaver {
  override async deleteThread(threadId: string): Promise<void> {
    for (const stored of storedThreads(this)) if (stored.startsWith(threadId)) await super.deleteThread(stored);
  }
}

class LikeListThread extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const threadId = config.configurable?.thread_id as string | undefined;
    if (threadId === undefined) return yield* super.list(config, options);
    const pattern = likeToRegExp(threadId);
    const { limit, ...rest } = options ?? {};
    const everywhere = await collect(super.list({ configurable: { ...config.configurable, thread_id: undefined } }, rest));
    const matches = everywhere.filter((t) => pattern.test(t.config.configurable?.thread_id as string));
    yield* matches.slice(0, limit ?? matches.length);
  }
}

class CaseFoldedIds extends MemorySaver {
  private fold(config: RunnableConfig): RunnableConfig {
    const threadId = config.configurable?.thread_id;
    return typeof threadId === "string"
      ? { ...config, configurable: { ...config.configurable, thread_id: threadId.toLowerCase() } }
      : config;
  }

  override getTuple(config: RunnableConfig) {
    return super
      .getTuple(this.fold(config))
      .then((t) => t && { ...t, config: { configurable: { ...t.config.configurable, thread_id: config.configurable?.thread_id } } });
  }

  override put(...[config, ...rest]: Parameters<MemorySaver["put"]>) {
    return super
      .put(this.fold(config), ...rest)
      .then((c) => ({ configurable: { ...c.configurable, thread_id: config.configurable?.thread_id } }));
  }

  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    return super.putWrites(this.fold(config), writes, taskId, taskPath);
  }

  override deleteThread(threadId: string) {
    return super.deleteThread(threadId.toLowerCase());
  }
}

/** A backend that returns 100 items per page, and a list() that never asks for the next page. */
class FirstPageOnly extends MemorySaver {
  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    let n = 0;
    for await (const tuple of super.list(config, options)) {
      if (n++ === 100) return;
      yield tuple;
    }
  }
}

/** Stores the write index as text, so idx 10 sorts between 1 and 2 when read back. */
class WriteIndexAsText extends MemorySaver {
  override putWrites(config: RunnableConfig, writes: PendingWrite[], taskId: string, taskPath?: string) {
    const textOrder = writes.map((_, i) => i).sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
    return super.putWrites(
      config,
      textOrder.map((i) => writes[i]),
      taskId,
      taskPath,
    );
  }
}

/** Orders list() by ts (newest first) instead of by checkpoint id; equal ts keep the order of insertion. */
class OrdersByTs extends MemorySaver {
  private readonly inserted: string[] = [];

  override put(...args: Parameters<MemorySaver["put"]>) {
    this.inserted.push(args[1].id);
    return super.put(...args);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    const { limit, ...rest } = options ?? {};
    const all = await collect(super.list(config, rest));
    const order = (t: CheckpointTuple) => this.inserted.indexOf(t.checkpoint.id);
    all.sort((a, b) => (a.checkpoint.ts < b.checkpoint.ts ? 1 : a.checkpoint.ts > b.checkpoint.ts ? -1 : order(a) - order(b)));
    yield* all.slice(0, limit ?? all.length);
  }
}

/** Keeps only truthy channel values (`if (value) stored[channel] = value`). */
class DropsFalsyValues extends MemorySaver {
  override put(...[config, checkpoint, ...rest]: Parameters<MemorySaver["put"]>) {
    const channel_values = Object.fromEntries(Object.entries(checkpoint.channel_values).filter(([, value]) => Boolean(value)));
    return super.put(config, { ...checkpoint, channel_values }, ...rest);
  }
}

/**
 * Creates its storage lazily on the first call, unguarded: two first calls issued at once
 * both see no storage, and the later one replaces what the earlier one wrote.
 */
class LazySetupRace extends MemorySaver {
  private ready = false;

  private async setup(): Promise<void> {
    if (this.ready) return;
    await new Promise((resolve) => setTimeout(resolve, 1)); // CREATE TABLE IF NOT EXISTS, a round trip
    (this as unknown as { storage: object; writes: object }).storage = Object.create(null);
    (this as unknown as { storage: object; writes: object }).writes = Object.create(null);
    this.ready = true;
  }

  override async put(...args: Parameters<MemorySaver["put"]>) {
    await this.setup();
    return super.put(...args);
  }

  override async putWrites(...args: Parameters<MemorySaver["putWrites"]>) {
    await this.setup();
    return super.putWrites(...args);
  }

  override async getTuple(config: RunnableConfig) {
    await this.setup();
    return super.getTuple(config);
  }

  override async *list(config: RunnableConfig, options?: CheckpointListOptions): AsyncGenerator<CheckpointTuple> {
    await this.setup();
    yield* super.list(config, options);
  }
}

export const ADVERSARIAL_MUTANTS: AdversarialMutant[] = [
  {
    name: "glob-delete-thread",
    bug: "deleteThread uses the thread id as a glob pattern (deleteThread('a*c') deletes 'abc')",
    create: () => new GlobDeleteThread(),
  },
  {
    name: "prefix-delete-thread",
    bug: "deleteThread deletes every thread whose id starts with the given one ('user' takes 'user:2')",
    create: () => new PrefixDeleteThread(),
  },
  {
    name: "like-list-thread",
    bug: "list() matches thread_id with SQL LIKE (%, _ and case folding leak other threads)",
    create: () => new LikeListThread(),
  },
  {
    name: "case-folded-thread-ids",
    bug: "thread ids are stored lower-cased ('User' and 'user' are one thread)",
    create: () => new CaseFoldedIds(),
  },
  { name: "list-first-page-only", bug: "list() stops after the backend's first page of 100", create: () => new FirstPageOnly() },
  { name: "write-index-as-text", bug: "pending writes sort by idx as text (10 before 2)", create: () => new WriteIndexAsText() },
  {
    name: "list-orders-by-ts",
    bug: "list() orders by ts, not by checkpoint id (checkpoints within one millisecond come out in insertion order)",
    create: () => new OrdersByTs(),
  },
  {
    name: "lazy-setup-race",
    bug: "storage is created on the first call without a guard, so concurrent first calls lose writes",
    create: () => new LazySetupRace(),
  },
  {
    name: "drops-falsy-channel-values",
    bug: "put keeps only truthy channel values (0, '', false, null vanish)",
    create: () => new DropsFalsyValues(),
  },
];
