import fc from "fast-check";
import { compareChannelVersions } from "@langchain/langgraph-checkpoint";
import { ModelDisagreement, ts, type ModelState, type RealState } from "../sequence-env.js";
import { checkpointIdOf, nsOf, threadOf, timestampOf, type Pools } from "../arbitraries.js";
import type { CatalogId } from "../../checks/types.js";
import { VERSION_CHAIN } from "../../checks/adversarial-pools.js";

type Check =
  | "put-without-thread"
  | "put-writes-without-thread"
  | "put-writes-without-checkpoint-id"
  | "get-tuple-without-thread"
  | "next-version";

/**
 * The contract's strict writes and lenient reads, interleaved with the rest:
 * JS-04 / JS-05 (a put or putWrites missing thread_id or checkpoint_id rejects
 * and stores nothing), JS-06 (getTuple without a thread_id resolves to
 * undefined) and JS-10 (getNextVersion increases, over more than 9 steps: ORD-03).
 */
export class ConfigCheckCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly check_: Check,
    private readonly threadId: string,
    private readonly ns: string,
  ) {}

  check(): boolean {
    return true;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const ns = this.ns;
    const checkpoint = { v: 4, id: checkpointIdOf(0), ts: timestampOf(0), channel_values: {}, channel_versions: {}, versions_seen: {} };
    switch (this.check_) {
      case "put-without-thread":
        return this.rejects(m, ["JS-04"], `saver.put(${ts({ configurable: { checkpoint_ns: ns } })}, ${ts(checkpoint)}, {}, {})`, () =>
          r.saver.put({ configurable: { checkpoint_ns: ns } }, checkpoint, { source: "loop", step: 0, parents: {} }, {}),
        );
      case "put-writes-without-thread": {
        const config = { configurable: { checkpoint_ns: ns, checkpoint_id: checkpointIdOf(1) } };
        return this.rejects(m, ["JS-05"], `saver.putWrites(${ts(config)}, [["ch", 1]], "task-a")`, () =>
          r.saver.putWrites(config, [["ch", 1]], "task-a"),
        );
      }
      case "put-writes-without-checkpoint-id": {
        const config = { configurable: { thread_id: this.threadId, checkpoint_ns: ns } };
        return this.rejects(m, ["JS-05"], `saver.putWrites(${ts(config)}, [["ch", 1]], "task-a")`, () =>
          r.saver.putWrites(config, [["ch", 1]], "task-a"),
        );
      }
      case "get-tuple-without-thread": {
        const config = { configurable: { checkpoint_ns: ns } };
        m.env.record(`console.log(await saver.getTuple(${ts(config)}));`);
        const tuple = (await m.env.call("getTuple() without thread_id", ["JS-06"], () => r.saver.getTuple(config)))?.value;
        if (tuple !== undefined)
          throw new ModelDisagreement(
            "getTuple() without thread_id",
            ["JS-06"],
            ["expected: undefined", `actual:   a tuple for checkpoint ${String(tuple.config?.configurable?.checkpoint_id)}`],
          );
        return;
      }
      case "next-version": {
        // Past 9 steps: versions kept as unpadded text put "10" before "9" (ORD-03).
        m.env.record(`let v = undefined; for (let i = 0; i < ${VERSION_CHAIN}; i++) console.log(v = saver.getNextVersion(v));`);
        let previous = r.saver.getNextVersion(undefined);
        for (let step = 2; step <= VERSION_CHAIN; step++) {
          const next = r.saver.getNextVersion(previous);
          if (!(compareChannelVersions(next, previous) > 0)) {
            const lines = [
              `expected: getNextVersion(${ts(previous)}) > ${ts(previous)} (step ${step}, compared with compareChannelVersions)`,
              `actual:   ${ts(next)}`,
            ];
            throw new ModelDisagreement("getNextVersion()", ["JS-10", "ORD-03"], lines);
          }
          previous = next;
        }
      }
    }
  }

  private async rejects(m: ModelState, ids: CatalogId[], call: string, work: () => Promise<unknown>): Promise<void> {
    m.env.record(`await ${call}; // must reject`);
    const resolved = await work().then(
      () => true,
      () => false,
    );
    if (resolved)
      throw new ModelDisagreement(`${call.slice(0, call.indexOf("("))}() with an incomplete config`, ids, [
        "expected: to reject",
        "actual:   resolved",
      ]);
  }

  toString(): string {
    return `check(${this.check_})`;
  }
}

export const configCheckCommand = (pools: Pools) =>
  fc
    .tuple(
      fc.constantFrom<Check>(
        "put-without-thread",
        "put-writes-without-thread",
        "put-writes-without-checkpoint-id",
        "get-tuple-without-thread",
        "next-version",
      ),
      threadOf(pools),
      nsOf(pools),
    )
    .map(([check, thread, ns]) => new ConfigCheckCommand(check, thread, ns));
