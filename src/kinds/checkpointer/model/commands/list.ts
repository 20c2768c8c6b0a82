import fc from "fast-check";
import type { RunnableConfig } from "@langchain/core/runnables";
import { FILTER_KEYS, checkpointIdOf, filterScalars, idSeed, nsOf, threadOf, type Pools } from "../arbitraries.js";
import { filterLookAlike } from "../../checks/adversarial-pools.js";
import { diffList } from "../compare.js";
import type { ListOptions } from "../reference-model.js";
import { ts, type ModelState, type RealState } from "../sequence-env.js";
import { listAll } from "../../checks/helpers.js";

/** `stored`: a value some checkpoint has under the key; `lookAlike`: its type-confusable twin (true for 1); `literal`: drawn. */
type FilterTerm = { key: string; value: { kind: "stored" | "lookAlike"; index: number } | { kind: "literal"; value: unknown } };

/** A filter key a saver might read as a JSON path (FLT-05). */
const hasPathSyntax = (key: string) => /[.[\]]/.test(key);

interface ListArgs {
  threadId: string | null;
  ns: string | null;
  filter: FilterTerm[] | null;
  /** An id stored anywhere (LS-10 ignores before's thread and namespace), one maybe never put, or a config without an id. */
  before: null | { kind: "stored"; index: number } | { kind: "unknown"; idSeed: number } | { kind: "no-id" };
  limit: number | null;
}

const IDS = ["LS-01", "LS-03", "LS-04", "LS-05", "LS-10", "LS-11", "LS-13", "LS-14", "LS-15", "LS-16", "LS-17"] as const;

/**
 * The first filter value's twins that a query language treats specially (derived from the value, never drawn, so
 * a seed's sequences keep their draws): for a string, the value with a quote, a LIKE wildcard (`%` after it, `_`
 * for its last character) or a backslash after it, and in double quotes; for a number, boolean or null, its JSON
 * text ("1", "true", "null"). A saver inlining the value into SQL or a query string fails on them, one matching
 * with LIKE or comparing text matches the value they look like (IM-list-filter-bound, -like, -text-compare).
 */
export function filterTwins(filter: Record<string, unknown>): Record<string, unknown>[] {
  const [key, value] = Object.entries(filter)[0] ?? [];
  if (key === undefined || (value !== null && typeof value === "object")) return [];
  if (typeof value !== "string") return [{ ...filter, [key]: JSON.stringify(value) }];
  const twins = [`${value}'`, `${value}%`, value.length > 0 ? `${value.slice(0, -1)}_` : "_", `${value}\\`, `"${value}"`];
  return twins.map((twin) => ({ ...filter, [key]: twin }));
}

/** list(): with or without thread and namespace, a random metadata filter, before and limit. */
export class ListCommand implements fc.AsyncCommand<ModelState, RealState> {
  /** `withTwin`: a list with a filter is followed by the same list with each twin of the filter's value (filterTwins). */
  constructor(
    private readonly args: ListArgs,
    private readonly withTwin = true,
  ) {}

  check(): boolean {
    return true;
  }

  async run(m: ModelState, r: RealState): Promise<void> {
    const { config, options } = this.resolve(m);
    await compareList(m, r, config, options);
    // The twins at once (reads that change nothing): one round trip more, not five. A disagreement is the first twin's in order.
    const twins = this.withTwin && options.filter ? filterTwins(options.filter) : [];
    await firstRejection(twins.map((twin) => compareList(m, r, config, { ...options, filter: twin })));
  }

  private resolve(m: Readonly<ModelState>): { config: RunnableConfig; options: ListOptions } {
    const configurable: Record<string, unknown> = {};
    if (this.args.threadId !== null) configurable.thread_id = this.args.threadId;
    if (this.args.ns !== null) configurable.checkpoint_ns = this.args.ns;
    const options: ListOptions = {};
    if (this.args.filter !== null) options.filter = Object.fromEntries(this.args.filter.map((t) => [t.key, this.filterValue(m, t)]));
    const before = this.args.before;
    if (before?.kind === "no-id") options.before = { configurable: { thread_id: this.args.threadId ?? "thread-1" } };
    if (before?.kind === "unknown") options.before = { configurable: { checkpoint_id: checkpointIdOf(before.idSeed) } };
    if (before?.kind === "stored") {
      const all = m.model.allCoordinates();
      const at = all[before.index % Math.max(all.length, 1)];
      options.before = {
        configurable: at
          ? { thread_id: at.threadId, checkpoint_ns: at.ns, checkpoint_id: at.checkpointId }
          : { checkpoint_id: checkpointIdOf(before.index + 1) },
      };
    }
    if (this.args.limit !== null) options.limit = this.args.limit;
    return { config: { configurable }, options };
  }

  /** A value some stored checkpoint has under the key (so filters match), or a literal; scalars only (LS-16). */
  private filterValue(m: Readonly<ModelState>, term: FilterTerm): unknown {
    if (term.value.kind === "literal") return term.value.value;
    const stored = m.model.metadataValues(term.key).filter((v) => v === null || typeof v !== "object");
    const value = stored.length === 0 ? null : stored[term.value.index % stored.length];
    return term.value.kind === "lookAlike" ? (filterLookAlike(value) ?? value) : value;
  }

  toString(): string {
    const { threadId, ns, filter, before, limit } = this.args;
    const where = [threadId === null ? "any thread" : JSON.stringify(threadId), ns === null ? "any ns" : JSON.stringify(ns)];
    if (filter) where.push(`filter ${filter.map((t) => t.key).join("+")}`);
    if (before) where.push(`before ${before.kind}`);
    if (limit !== null) where.push(`limit ${limit}`);
    return `list(${where.join(", ")})`;
  }
}

/** Waits for every read, then throws the first one's error in their order (none is left running when a sequence stops). */
export async function firstRejection(reads: readonly Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(reads)).find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
}

/** One list() call compared with the model's answer. */
async function compareList(m: ModelState, r: RealState, config: RunnableConfig, options: ListOptions): Promise<void> {
  const optionsText = Object.keys(options).length > 0 ? `, ${ts(options)}` : "";
  m.env.record(`console.log(await all(saver.list(${ts(config)}${optionsText})));`);
  const result = await m.env.call(
    "list()",
    IDS,
    () => listAll(r.saver, config, options),
    options.filter ? "list-filter-rejects" : undefined,
  );
  if (result === undefined) return; // rejected under a declared behaviour: nothing to compare
  const actual = result.value;
  // A saver declared to read filter keys as paths may disagree on any list whose filter has one.
  const pathKeys = Object.keys(options.filter ?? {}).some(hasPathSyntax) ? "filter-keys-as-paths" : undefined;
  m.env.expectSame(
    "list()",
    IDS,
    diffList(m.model.list(config, options), actual),
    () => diffList(m.model.list(config, options, "task-id"), actual),
    pathKeys,
  );
}

const filterTerm = (pools: Pools): fc.Arbitrary<FilterTerm> =>
  fc.constantFrom(...FILTER_KEYS).chain((key) =>
    fc.record({
      key: fc.constant(key),
      value: fc.oneof(
        { weight: 3, arbitrary: fc.record({ kind: fc.constant("stored" as const), index: fc.nat(20) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("lookAlike" as const), index: fc.nat(20) }) },
        { weight: 1, arbitrary: fc.record({ kind: fc.constant("literal" as const), value: filterScalars(pools)[key] }) },
      ),
    }),
  );

export const listCommand = (pools: Pools): fc.Arbitrary<ListCommand> =>
  fc
    .record({
      threadId: fc.option(threadOf(pools), { freq: 4 }),
      ns: fc.option(nsOf(pools), { freq: 3 }),
      filter: fc.option(fc.uniqueArray(filterTerm(pools), { maxLength: 2, selector: (t) => t.key }), { freq: 4 }),
      before: fc.option(
        fc.oneof(
          { weight: 4, arbitrary: fc.record({ kind: fc.constant("stored" as const), index: fc.nat(30) }) },
          { weight: 1, arbitrary: fc.record({ kind: fc.constant("unknown" as const), idSeed }) },
          { weight: 1, arbitrary: fc.constant({ kind: "no-id" as const }) },
        ),
        { freq: 3 },
      ),
      // Small limits, and ones at a page boundary (past 10, at and past 100) for long threads.
      limit: fc.option(
        fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.constantFrom(10, 11, 100, 101) }),
        { freq: 4 },
      ),
    })
    .map((args) => new ListCommand(args));
