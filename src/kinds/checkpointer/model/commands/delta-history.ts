import fc from "fast-check";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointIdOf, idSeed, nsOf, threadOf, type Pools } from "../arbitraries.js";
import type { Difference } from "../../../../format.js";
import { diffDeltaHistory } from "../compare.js";
import type { WriteOrder } from "../reference-model.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";

interface DeltaHistoryArgs {
  threadId: string;
  ns: string;
  by: { kind: "latest" } | { kind: "own"; index: number } | { kind: "unknown"; idSeed: number };
  channels: string[];
}

const IDS = ["DCH-01", "DCH-02", "DCH-03", "DCH-05", "DCH-06", "DCH-07", "DCH-08", "DCH-10", "DCH-11", "DCH-12"] as const;

/** getDeltaChannelHistory(): for a stored, latest or unknown target, some channels (written or never written). */
export class DeltaHistoryCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: DeltaHistoryArgs) {}

  check(m: Readonly<ModelState>): boolean {
    const config = this.config(m);
    return m.model.hasFiniteAncestry(this.args.threadId, this.args.ns, config.configurable?.checkpoint_id as string | undefined);
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    await checkDeltaHistory(m, r, this.config(m), [...this.args.channels]);
  }

  private config(m: Readonly<ModelState>): RunnableConfig {
    const { threadId, ns } = this.args;
    const by = this.args.by;
    const own = m.model.checkpointIds(threadId, ns);
    const id =
      by.kind === "unknown" ? checkpointIdOf(by.idSeed) : by.kind === "own" && own.length > 0 ? own[by.index % own.length] : undefined;
    return { configurable: { thread_id: threadId, checkpoint_ns: ns, ...(id !== undefined ? { checkpoint_id: id } : {}) } };
  }

  toString(): string {
    return `getDeltaChannelHistory(${JSON.stringify(this.args.threadId)}, ${JSON.stringify(this.args.ns)}, ${this.args.by.kind}, ${this.args.channels.join("+")})`;
  }
}

/** Calls getDeltaChannelHistory and compares its answer with the model's walk. */
export async function checkDeltaHistory(m: ModelState, r: RealState, config: RunnableConfig, channels: string[]): Promise<void> {
  m.env.record(`console.log(await saver.getDeltaChannelHistory(${ts({ config, channels })}));`);
  const actual = (
    await m.env.call("getDeltaChannelHistory()", IDS, () => r.saver.getDeltaChannelHistory({ config, channels: [...channels] }))
  )?.value;
  const diff = (order: WriteOrder) => {
    const expected = m.model.deltaChannelHistory(config, channels, order);
    return [...diffDeltaHistory(expected, actual), ...seedKeyDiffs(expected, actual)];
  };
  m.env.expectSame("getDeltaChannelHistory()", IDS, diff("task-path"), () => diff("task-id"));
}

/**
 * DCH-06: a channel whose walk found no stored value has no own `seed` key; `seed: undefined`
 * is a different answer (a caller testing `"seed" in entry` replays from a missing seed).
 * diffValues reads an undefined key as absent, so the key itself is compared here.
 */
function seedKeyDiffs(expected: Record<string, object>, actual: unknown): Difference[] {
  const got = (actual ?? {}) as Record<string, unknown>;
  return Object.entries(expected).flatMap(([channel, entry]) => {
    const value = got[channel];
    const [want, has] = ["seed" in entry, typeof value === "object" && value !== null && "seed" in value];
    return want === has
      ? []
      : [{ path: `${channel}.seed`, expected: want ? "a seed key" : "no seed key", actual: has ? "a seed key" : "no seed key" }];
  });
}

export const deltaHistoryCommand = (pools: Pools) =>
  fc
    .record({
      threadId: threadOf(pools),
      ns: nsOf(pools),
      by: fc.oneof(
        fc.constant({ kind: "latest" as const }),
        { weight: 3, arbitrary: fc.record({ kind: fc.constant("own" as const), index: fc.nat(8) }) },
        fc.record({ kind: fc.constant("unknown" as const), idSeed }),
      ),
      channels: fc.subarray(["ch", "x:y", "messages", "a", "never-written"]),
    })
    .map((args) => new DeltaHistoryCommand(args));
