import { cacheTest, checkpointerTest, storeTest, type ValidateOptions } from "../../src/index.js";
import type { SubjectKindId } from "../../src/kinds/descriptors.js";
import type { AnyRegistration } from "../../src/registration.js";
import { BASELINES } from "../fixtures/baselines.js";
import { ReferenceStore } from "../fixtures/reference-store.js";
import { ReferenceCache } from "../kinds/cache/reference-cache.js";
import { loadMutants } from "../mutants/load.js";
import { loadNamedModules } from "../mutants/load-named-modules.js";
import { loadCacheMutants } from "../cache-mutants/load.js";
import { INDEX, TTL } from "../store-mutants/harness.js";
import type { StoreMutant } from "../store-mutants/types.js";
import { cacheSingleBugSaver, specSingleBugSaver, storeSingleBugSaver, type SingleBugSaver } from "./single-bug-savers.js";

/** One single-bug subject a multi-bug subject is made of: its own diagnosis names its bug, `overrides` are the members that hold it. */
export interface Constituent {
  saver: SingleBugSaver;
  /** The members (methods, internals) whose code differs from the correct subject's: the combination takes exactly these from it. */
  overrides: readonly string[];
  create(): object;
  /** The spec tests it must fail alone (its mutant's `catches`): two constituents that share one are not independent. */
  catches: readonly string[];
  /** Runs the TTL tests (a store mutant's `ttl`): the combination does when any constituent does. */
  ttl?: boolean;
}

/** A subject with 2–5 independent bugs at once: each bug a project mutant's, in members no other of its bugs touches, of different public methods. */
export interface MultiBugSubject {
  /** `multi:store:search-prefix-starts-with+filter-compares-as-text`. */
  id: string;
  kind: SubjectKindId;
  bugs: readonly Constituent[];
  register(): { registered: AnyRegistration; options: ValidateOptions };
}

/** Every member of `subject` (through its prototype chain, below Object) that is not the very same function on `baseline`. */
function overriddenMembers(subject: object, baseline: object): string[] {
  const names = new Set<string>();
  for (
    let proto = Object.getPrototypeOf(subject) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== "constructor") names.add(name);
  }
  const member = (o: object, name: string) => (o as Record<string, unknown>)[name];
  return [...names].filter((n) => typeof member(subject, n) === "function" && member(subject, n) !== member(baseline, n));
}

/**
 * A mutant whose bug lives in its prototype's methods only (its instance holds
 * the same fields as the correct subject's, and the same serializer class): its
 * methods can be lent to another subject of the same baseline. Undefined for a
 * mutant that wraps, adds state or changes its serializer.
 */
function constituent(
  saver: SingleBugSaver,
  catches: readonly string[],
  create: () => object,
  baseline: () => object,
  ttl?: boolean,
): Constituent | undefined {
  const [subject, correct] = [create(), baseline()];
  if (Object.getPrototypeOf(Object.getPrototypeOf(subject)) !== Object.getPrototypeOf(correct)) return undefined;
  const keys = (o: object) => Object.keys(o).sort().join(",");
  if (keys(subject) !== keys(correct)) return undefined;
  const serde = (o: object) => (o as { serde?: object }).serde?.constructor;
  if (serde(subject) !== serde(correct)) return undefined;
  const overrides = overriddenMembers(subject, correct);
  if (overrides.length === 0 || saver.methods.length === 0) return undefined;
  return { saver, overrides, catches, create, ...(ttl ? { ttl } : {}) };
}

/** The first constituent's subject with every other constituent's overridden members set on it: all their bugs at once. */
function combined(bugs: readonly Constituent[]): object {
  const [first, ...rest] = bugs;
  const subject = first.create() as Record<string, unknown>;
  for (const bug of rest) {
    const donor = bug.create() as Record<string, unknown>;
    for (const member of bug.overrides) subject[member] = donor[member];
  }
  return subject;
}

/** A small deterministic shuffle (the measure's subjects are the same on every run). */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * `count` combinations of 2–5 constituents (sizes cycling 2, 3, 4, 5): the
 * bugs of one combination override disjoint members, are in different public
 * methods and catch different tests, so each is independent of the others.
 */
export function combinations(candidates: readonly Constituent[], count: number, seed: number): Constituent[][] {
  const out: Constituent[][] = [];
  const pool = shuffled(candidates, seed);
  let next = 0;
  for (let n = 0; n < count; n++) {
    const size = 2 + (n % 4);
    const combo: Constituent[] = [];
    for (let tried = 0; tried < pool.length && combo.length < size; tried++) {
      const c = pool[(next + tried) % pool.length];
      const clashes = combo.some(
        (o) =>
          o === c ||
          o.overrides.some((m) => c.overrides.includes(m)) ||
          o.saver.methods.some((m) => c.saver.methods.includes(m)) ||
          o.catches.some((t) => c.catches.includes(t)),
      );
      if (!clashes) combo.push(c);
    }
    next = (next + size) % pool.length;
    const key = (c: readonly Constituent[]) =>
      c
        .map((x) => x.saver.id)
        .sort()
        .join("+");
    if (combo.length >= 2 && !out.some((o) => key(o) === key(combo))) out.push(combo);
  }
  return out;
}

function subjectOf(kind: SubjectKindId, bugs: readonly Constituent[]): MultiBugSubject {
  const id = `multi:${kind}:${bugs.map((b) => b.saver.id.replace(/^\w+:/, "")).join("+")}`;
  const create = () => combined(bugs);
  const ttl = bugs.some((b) => b.ttl);
  const register = (): { registered: AnyRegistration; options: ValidateOptions } => {
    const single = bugs[0].saver.register().options;
    if (kind === "checkpointer") return { registered: checkpointerTest({ name: id }, () => create() as never), options: single };
    if (kind === "store")
      return { registered: storeTest({ name: id, index: INDEX, ...(ttl ? { ttl: TTL } : {}) }, () => create() as never), options: single };
    return { registered: cacheTest({ name: id, ttl: true }, () => create() as never), options: single };
  };
  return { id, kind, bugs, register };
}

/** How many multi-bug subjects of each kind the measure runs (a checkpointer's run is the slowest). */
export const MULTI_BUG_COUNTS: Readonly<Record<SubjectKindId, number>> = { checkpointer: 12, store: 16, cache: 12 };

/** The constituents a multi-bug subject may combine, by kind. */
export async function constituents(): Promise<Record<SubjectKindId, Constituent[]>> {
  const savers = (await loadMutants())
    .filter((m) => (m.baseline ?? "memory") === "memory")
    .flatMap((m) => constituent(specSingleBugSaver(m), m.catches, () => m.create(), BASELINES.memory) ?? []);
  const storeMutants = await loadNamedModules<StoreMutant>(
    new URL("../store-mutants/x.ts", import.meta.url).href,
    ".mutant.ts",
    "a StoreMutant",
  );
  const stores = storeMutants.flatMap(
    (m) =>
      constituent(
        storeSingleBugSaver(m),
        m.catches,
        () => m.create(),
        () => new ReferenceStore({ index: { dims: INDEX.dims, fields: ["$"] } }),
        m.ttl,
      ) ?? [],
  );
  const caches = (await loadCacheMutants()).flatMap(
    (m) =>
      constituent(
        cacheSingleBugSaver(m),
        m.catches,
        () => m.create(),
        () => new ReferenceCache(),
      ) ?? [],
  );
  return { checkpointer: savers, store: stores, cache: caches };
}

/** The project's multi-bug subjects: combinations of its checkpointer (MemorySaver-based spec mutants), store and cache mutants. */
export async function multiBugSubjects(counts: Readonly<Record<SubjectKindId, number>> = MULTI_BUG_COUNTS): Promise<MultiBugSubject[]> {
  const all = await constituents();
  return (["checkpointer", "store", "cache"] as const).flatMap((kind) =>
    combinations(all[kind], counts[kind], 39).map((b) => subjectOf(kind, b)),
  );
}
