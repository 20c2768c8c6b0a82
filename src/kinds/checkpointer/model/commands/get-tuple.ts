import fc from "fast-check";
import type { RunnableConfig } from "@langchain/core/runnables";
import { checkpointIdOf, idSeed, nsOf, threadOf, type Pools } from "../arbitraries.js";
import { diffTuple } from "../compare.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { diffValues } from "../../../../format.js";

interface GetTupleArgs {
  threadId: string;
  ns: string;
  /** latest; a stored id of (thread, ns); an id stored elsewhere (another thread or namespace); an id maybe never put. */
  by: { kind: "latest" } | { kind: "own"; index: number } | { kind: "elsewhere"; index: number } | { kind: "unknown"; idSeed: number };
  /** Leave checkpoint_ns out (PUT-09: it means ""). */
  omitNs: boolean;
}

const IDS = ["GT-02", "GT-03", "GT-04", "GT-07", "GT-08", "GT-09", "GT-10", "JS-02", "JS-09"] as const;

/** getTuple() (and the inherited get(), JS-11): latest or by id, existing or not, compared with the model's tuple. */
export class GetTupleCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly args: GetTupleArgs) {}

  check(): boolean {
    return true;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const config = this.config(m);
    m.env.record(`console.log(await saver.getTuple(${ts(config)}));`);
    const actual = (await m.env.call("getTuple()", IDS, () => r.saver.getTuple(config)))?.value;
    m.env.expectSame("getTuple()", IDS, diffTuple(m.model.getTuple(config), actual), () =>
      diffTuple(m.model.getTuple(config, "task-id"), actual),
    );
    const checkpoint = (await m.env.call("get()", ["JS-11"], () => r.saver.get(config)))?.value;
    const diffs = diffValues(actual?.checkpoint, checkpoint).map((d) => ({ ...d, path: `get().${d.path}` }));
    m.env.expectSame("get() (must equal getTuple().checkpoint)", ["JS-11"], diffs, () => diffs);
  }

  private config(m: Readonly<ModelState>): RunnableConfig {
    const { threadId, ns } = this.args;
    const configurable: Record<string, unknown> = { thread_id: threadId };
    if (!(this.args.omitNs && ns === "")) configurable.checkpoint_ns = ns;
    const id = this.checkpointId(m, threadId, ns);
    if (id !== undefined) configurable.checkpoint_id = id;
    return { configurable };
  }

  private checkpointId(m: Readonly<ModelState>, threadId: string, ns: string): string | undefined {
    const by = this.args.by;
    if (by.kind === "latest") return undefined;
    if (by.kind === "unknown") return checkpointIdOf(by.idSeed);
    if (by.kind === "own") {
      const own = m.model.checkpointIds(threadId, ns);
      return own.length === 0 ? undefined : own[by.index % own.length];
    }
    const elsewhere = m.model.allCoordinates().filter((c) => c.threadId !== threadId || c.ns !== ns);
    return elsewhere.length === 0 ? undefined : elsewhere[by.index % elsewhere.length].checkpointId;
  }

  toString(): string {
    return `getTuple(${JSON.stringify(this.args.threadId)}, ${JSON.stringify(this.args.ns)}, ${this.args.by.kind})`;
  }
}

export const getTupleCommand = (pools: Pools): fc.Arbitrary<GetTupleCommand> =>
  fc
    .record({
      threadId: threadOf(pools),
      ns: nsOf(pools),
      by: fc.oneof(
        fc.constant({ kind: "latest" as const }),
        fc.record({ kind: fc.constant("own" as const), index: fc.nat(8) }),
        fc.record({ kind: fc.constant("elsewhere" as const), index: fc.nat(20) }),
        fc.record({ kind: fc.constant("unknown" as const), idSeed }),
      ),
      omitNs: fc.boolean(),
    })
    .map((args) => new GetTupleCommand(args));
