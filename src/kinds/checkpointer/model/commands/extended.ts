import fc from "fast-check";
import { threadOf, type Pools } from "../arbitraries.js";
import type { PruneStrategy } from "../reference-model.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";

/**
 * The extended operations, generated only when the saver has them. They are
 * not on the JS base class, so they are called through this structural view.
 */
interface ExtendedSaver {
  deleteForRuns(runIds: string[]): Promise<void>;
  copyThread(sourceThreadId: string, targetThreadId: string): Promise<void>;
  prune(threadIds: string[], options?: { strategy?: PruneStrategy }): Promise<void>;
}

function extended(r: RealState): ExtendedSaver {
  return r.saver as unknown as ExtendedSaver;
}

/** deleteForRuns(): by metadata.run_id, across threads and namespaces (DFR-*). */
export class DeleteForRunsCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(private readonly runIds: string[]) {}

  check(): boolean {
    return true;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    m.env.record(`await saver.deleteForRuns(${ts(this.runIds)});`);
    m.model.deleteForRuns(this.runIds);
    await m.env.call("deleteForRuns()", ["DFR-01", "DFR-04", "DFR-05", "DFR-06", "DFR-07", "DFR-08"], () =>
      extended(r).deleteForRuns([...this.runIds]),
    );
  }

  toString(): string {
    const unknown = this.runIds.filter((id) => PAST_A_QUERY_BATCH.includes(id)).length;
    const rest = this.runIds.filter((id) => !PAST_A_QUERY_BATCH.includes(id));
    return `deleteForRuns(${[...(unknown > 0 ? [`${unknown} unknown run ids`] : []), ...rest].join(", ")})`;
  }
}

/** copyThread(): onto an empty target (CT-*); an empty source may resolve or reject (CT-08). */
export class CopyThreadCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly source: string,
    private readonly target: string,
  ) {}

  check(m: Readonly<ModelState>): boolean {
    return m.model.isDefinedCopy(this.source, this.target);
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { source, target } = this;
    m.env.record(`await saver.copyThread(${ts(source)}, ${ts(target)});`);
    const ids = ["CT-01", "CT-02", "CT-05", "CT-06", "CT-07", "CT-08", "CT-09"] as const;
    if (m.model.isThreadEmpty(source)) {
      await m.env.call("copyThread()", ids, () => extended(r).copyThread(source, target)).catch(() => undefined); // CT-08: either outcome
      return;
    }
    m.model.copyThread(source, target);
    await m.env.call("copyThread()", ids, () => extended(r).copyThread(source, target));
  }

  toString(): string {
    return `copyThread(${JSON.stringify(this.source)} -> ${JSON.stringify(this.target)})`;
  }
}

/** prune(): keep_latest (also as the default, PR-09) or delete, over some threads (PR-*). */
export class PruneCommand implements fc.AsyncCommand<ModelState, RealState> {
  constructor(
    private readonly threads: string[],
    private readonly strategy: PruneStrategy | undefined,
  ) {}

  check(m: Readonly<ModelState>): boolean {
    return m.model.isDefinedPrune(this.threads);
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const threadIds = [...this.threads];
    const options = this.strategy === undefined ? undefined : { strategy: this.strategy };
    m.env.record(`await saver.prune(${ts(threadIds)}${options ? `, ${ts(options)}` : ""});`);
    m.model.prune(threadIds, this.strategy);
    await m.env.call("prune()", ["PR-01", "PR-03", "PR-04", "PR-05", "PR-06", "PR-09"], () => extended(r).prune(threadIds, options));
  }

  toString(): string {
    return `prune(${this.threads.map((t) => JSON.stringify(t)).join(", ")}, ${this.strategy ?? "default"})`;
  }
}

/**
 * When a call names an unknown run, 31 more unknown ones come before the known ones: a backend
 * query of at most 10 or 30 values (Firestore's `in`) then leaves the known ones out (ORD-13).
 * Derived from the draw, not drawn, so the sequences of a seed stay what they were.
 */
const PAST_A_QUERY_BATCH = Array.from({ length: 31 }, (_, i) => `run-unknown-${i + 1}`);

/** Run ids of the sequence's family (a run must not take one whose id it prefixes or pattern-matches), plus unknown ones. */
export const deleteForRunsCommand = (pools: Pools) =>
  fc
    .subarray([...pools.runIds, "run-unknown"])
    .map((ids) => new DeleteForRunsCommand(ids.includes("run-unknown") ? [...PAST_A_QUERY_BATCH, ...ids] : ids));

export const copyThreadCommand = (pools: Pools) => fc.tuple(threadOf(pools), threadOf(pools)).map(([s, t]) => new CopyThreadCommand(s, t));

export const pruneCommand = (pools: Pools) =>
  fc
    .tuple(
      fc.uniqueArray(threadOf(pools), { maxLength: 2 }),
      fc.constantFrom<PruneStrategy | undefined>("keep_latest", "delete", undefined),
    )
    .map(([threads, strategy]) => new PruneCommand(threads, strategy));
