import fc from "fast-check";
import type { Checkpoint, CheckpointMetadata } from "@langchain/langgraph-checkpoint";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointIdOf, timestampOf, type Pools } from "../arbitraries.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { listAll } from "../../checks/helpers.js";
import { checkTuple } from "./state-check.js";

const IDS = ["RACE-01", "PUT-01"] as const;

/**
 * The very first calls on a new saver, issued at once: reads of the
 * sequence's threads and a put on each of two of them (RACE-01). All must
 * resolve and both puts must be stored: a saver that creates its storage
 * lazily, unguarded, runs that setup twice and loses what the first call
 * wrote. Only possible as the sequence's first call (check() is false after).
 */
export class FirstCallsCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly threads: readonly [string, string, string]) {}

  check(m: Readonly<ModelState>): boolean {
    return m.env.untouched;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const [a, b, other] = this.threads;
    const puts = [a, b].map((threadId) => {
      const config: RunnableConfig = { configurable: { thread_id: threadId, checkpoint_ns: "" } };
      const version = m.env.nextVersion();
      const checkpoint: Checkpoint = {
        v: 4,
        id: checkpointIdOf(1),
        ts: timestampOf(1),
        channel_values: { a: threadId },
        channel_versions: { a: version },
        versions_seen: {},
      };
      const metadata = { source: "input", step: -1, parents: {} } as CheckpointMetadata;
      return { config, checkpoint, metadata, newVersions: { a: version } };
    });
    const reads: { line: string; start: () => Promise<unknown> }[] = [
      {
        line: `saver.getTuple(${ts({ configurable: { thread_id: a } })})`,
        start: () => r.saver.getTuple({ configurable: { thread_id: a } }),
      },
      {
        line: `all(saver.list(${ts({ configurable: { thread_id: other } })}))`,
        start: () => listAll(r.saver, { configurable: { thread_id: other } }),
      },
    ];
    const calls: { line: string; start: () => Promise<unknown> }[] = [
      reads[0],
      ...puts.map((p) => ({
        line: `saver.put(${ts(p.config)}, ${ts(p.checkpoint)}, ${ts(p.metadata)}, ${ts(p.newVersions)})`,
        start: () => r.saver.put(p.config, structuredClone(p.checkpoint), structuredClone(p.metadata), p.newVersions),
      })),
      reads[1],
    ];
    m.env.record(`await Promise.all([ // the first calls on a new saver\n  ${calls.map((c) => c.line).join(",\n  ")},\n]);`);
    // Reads racing the puts may see either state: they only have to resolve.
    await Promise.all(
      calls.map((c, i) =>
        m.env.call(i === 0 || i === calls.length - 1 ? "getTuple() / list() among the first calls" : "put()", IDS, c.start),
      ),
    );
    for (const p of puts) m.model.put(p.config, p.checkpoint, p.metadata);
    for (const p of puts) await checkTuple(m, r, { configurable: { ...p.config.configurable, checkpoint_id: p.checkpoint.id } });
  }

  toString(): string {
    return `firstCallsAtOnce(${this.threads.map((t) => JSON.stringify(t)).join(", ")})`;
  }
}

export const firstCallsCommand = (pools: Pools): fc.Arbitrary<FirstCallsCommand> =>
  fc.constant(null).map(() => new FirstCallsCommand(pools.threads));
