import type { BaseStore } from "@langchain/langgraph-checkpoint";
import { formatValue } from "../../../format.js";
import { withTimeout } from "../../../util/timeout.js";
import { thrownError, type ThrownError } from "../../../runtime/thrown-error.js";
import { userFrames } from "../../../runtime/user-frames.js";
import type { CatalogId } from "../../checkpointer/checks/types.js";
import {
  bulkOps,
  concurrentRoots,
  getReads,
  operationOf,
  READ_BACK_LIMIT,
  type BatchOp,
  type InvalidRule,
  type StoreCall,
} from "./calls.js";
import { checkGet, checkListPage, checkListPages, checkSearchPage, checkSearchPages, diffLines, type Mismatch } from "./compare.js";
import type { StoreReferenceModel } from "./reference-model.js";
import type { StoreModelBehaviour } from "./behaviours.js";
import { declaredReads, explainingBehaviours } from "./declared-reads.js";

/** The store and the model disagree on a call: which call, the clause, and what differed. */
export class StoreModelDisagreement extends Error {
  override readonly name = "StoreModelDisagreement";

  constructor(
    readonly operation: string,
    readonly id: CatalogId,
    readonly lines: readonly string[],
    readonly thrown?: ThrownError,
  ) {
    super([`${operation} disagrees with the reference model [${id}]`, ...lines.map((l) => `  ${l}`)].join("\n"));
  }
}

/** A batch rejected as a declared behaviour says it may: what it left applied is unknown, so the sequence stops there (agreeing so far). */
export class SequenceStopped extends Error {
  override readonly name = "SequenceStopped";
}

/** What a sequence's calls share: the per-call hang guard, the declared behaviours and where they are counted. */
export interface CallEnv {
  timeoutMs: number;
  declared: ReadonlySet<StoreModelBehaviour>;
  /** A declared behaviour explained a difference (the model followed it). */
  observe(behaviour: StoreModelBehaviour, example: string): void;
}

export const INVALID_CLAUSE: Record<InvalidRule, CatalogId> = {
  "empty namespace": "ST-10",
  "label with .": "ST-11",
  "empty label": "ST-12",
  "non-string label": "ST-13",
  "reserved root": "ST-14",
};

/** Most pages read by a pages call beyond what the model expects (a store that ignores offset must not loop forever). */
const EXTRA_PAGES = 2;

/** Runs one call on the store and on the model; throws a StoreModelDisagreement when they differ. */
export async function executeCall(c: StoreCall, store: BaseStore, model: StoreReferenceModel, env: CallEnv): Promise<void> {
  const call = <T>(operation: string, id: CatalogId, work: () => Promise<T>) => resolves(operation, id, work, env.timeoutMs);
  // A read's answer: the strict contract, else a declared answer behaviour that explains it (counted), else a disagreement.
  const fail = (operation: string, check: () => Mismatch | undefined) => {
    const m = check();
    if (!m) return;
    const explained = explainingBehaviours(env.declared, model, check);
    if (!explained) throw new StoreModelDisagreement(operation, m.id, diffLines(m));
    for (const behaviour of explained) env.observe(behaviour, `${operation}: ${m.answer}`);
  };
  // Pages to read: enough for the strict answer and for the declared behaviours' (a prefix that leaks finds more).
  const most = (count: (m: StoreReferenceModel) => number) =>
    Math.max(
      count(model),
      model.under(declaredReads(env.declared), () => count(model)),
    );
  const emptySearchRejects = (prefix: readonly string[]) => prefix.length === 0 && env.declared.has("search-empty-prefix-rejects");
  const rejectedAsDeclared = (operation: string, error: unknown) => {
    if (!(error instanceof StoreModelDisagreement) || error.thrown === undefined) throw error;
    env.observe("search-empty-prefix-rejects", `${operation} rejected: ${error.lines[1]?.replace(/^- actual: /, "") ?? error.message}`);
  };
  switch (c.call) {
    case "put":
      await call("put()", putClause(c.namespace), () => store.put(c.namespace, c.key, structuredClone(c.value)));
      return model.put(c.namespace, c.key, c.value);
    case "delete":
      await call("delete()", "ST-18", () => store.delete(c.namespace, c.key));
      return model.delete(c.namespace, c.key);
    case "get": {
      const actual = await call("get()", "ST-01", () => store.get(c.namespace, c.key));
      fail("get()", () => checkGet(actual, c.namespace, c.key, model));
      // Derived from the drawn get, never drawn (a seed's sequences keep their draws): its namespace's key named like an
      // Object.prototype member is a miss, and a namespace the get found empty is not listed after it (getReads).
      const [prototypeKey, listing] = getReads(c.namespace, c.key);
      const missing = await call("get()", "ST-02", () => store.get(c.namespace, prototypeKey));
      fail("get()", () => checkGet(missing, c.namespace, prototypeKey, model));
      const listed = await call("listNamespaces()", "ST-33", () => store.listNamespaces(listing));
      return fail("listNamespaces()", () => checkListPage(listed, listing, model, "listNamespaces()"));
    }
    case "search": {
      const options = {
        ...(c.filter ? { filter: c.filter } : {}),
        ...(c.limit !== undefined ? { limit: c.limit } : {}),
        ...(c.offset !== undefined ? { offset: c.offset } : {}),
      };
      let actual: unknown;
      try {
        actual = await call("search()", c.prefix.length ? "ST-20" : "ST-21", () => store.search(c.prefix, options));
      } catch (error) {
        if (!emptySearchRejects(c.prefix)) throw error;
        return rejectedAsDeclared("search()", error);
      }
      return fail("search()", () => checkSearchPage(actual, c, model, "search()"));
    }
    case "searchPages": {
      const expectedPages = Math.floor(most((m) => m.search(c).length) / c.pageSize) + 1;
      let pages: unknown[][];
      try {
        pages = await readPages(expectedPages, c.pageSize, (offset) =>
          call("search()", c.prefix.length ? "ST-20" : "ST-21", () =>
            store.search(c.prefix, { ...(c.filter ? { filter: c.filter } : {}), limit: c.pageSize, offset }),
          ),
        );
      } catch (error) {
        if (!emptySearchRejects(c.prefix)) throw error;
        return rejectedAsDeclared("search() pages", error);
      }
      return fail("search() pages", () => checkSearchPages(pages, c, model, "search() pages"));
    }
    case "list": {
      const actual = await call("listNamespaces()", "ST-33", () => store.listNamespaces(c));
      return fail("listNamespaces()", () => checkListPage(actual, c, model, "listNamespaces()"));
    }
    case "listPages": {
      const expectedPages = Math.floor(most((m) => m.list(c).allowed.length) / c.pageSize) + 1;
      const pages = await readPages(expectedPages, c.pageSize, (offset) =>
        call("listNamespaces()", "ST-33", () => store.listNamespaces({ ...c, limit: c.pageSize, offset })),
      );
      return fail("listNamespaces() pages", () => checkListPages(pages, c, model, "listNamespaces() pages"));
    }
    case "batch": {
      let results: unknown;
      try {
        results = await call("batch()", "ST-42", () => store.batch(c.ops.map(operationOf)));
      } catch (error) {
        if (!c.ops.some((op) => op.kind === "search" && emptySearchRejects(op.prefix))) throw error;
        rejectedAsDeclared("batch() with search([])", error);
        throw new SequenceStopped("a batch rejected as declared: what it left applied is unknown");
      }
      fail("batch()", () => checkBatch(results, c.ops, model));
      const { dropped } = model.applyBatchWrites(c.ops);
      for (const op of dropped)
        env.observe(
          "batch-dedupes-by-joined-key",
          `batch() dropped the put of ${formatValue(op)}: another put in the batch has the same namespace.join(":") + ":" + key`,
        );
      return;
    }
    case "fill":
    case "wide":
      return executeCall({ call: "batch", ops: bulkOps(c) }, store, model, env);
    case "concurrentPuts": {
      await call("concurrent put()", "ST-47", () =>
        Promise.all(c.puts.map((p) => store.put(p.namespace, p.key, structuredClone(p.value)))),
      );
      for (const p of c.puts) model.put(p.namespace, p.key, p.value);
      // Read back at once: a lost update or a doubled index row shows here, not only when a later read lands on it.
      for (const p of c.puts) {
        const actual = await call("get()", "ST-47", () => store.get(p.namespace, p.key));
        fail("get() after concurrent put()", () => concurrent(checkGet(actual, p.namespace, p.key, model)));
      }
      for (const root of concurrentRoots(c)) {
        const args = { prefix: [root], limit: READ_BACK_LIMIT };
        const actual = await call("search()", "ST-47", () => store.search([root], { limit: READ_BACK_LIMIT }));
        fail("search() after concurrent put()", () => concurrent(checkSearchPage(actual, args, model, "search()")));
      }
      return;
    }
    case "invalidPut":
      return rejects("put()", INVALID_CLAUSE[c.rule], c.rule, () => store.put(c.namespace as string[], c.key, c.value), env.timeoutMs);
    case "invalidBatch": {
      const ops = [...c.reads.map(operationOf), { namespace: c.namespace as string[], key: c.key, value: c.value }];
      return rejects("batch()", "ST-45", c.rule, () => store.batch(ops), env.timeoutMs);
    }
  }
}

/** A batch's results: one per op in op order (ST-42), each checked like the matching call. Reads see the state before the batch (they touch none of its writes). */
function checkBatch(results: unknown, ops: readonly BatchOp[], model: StoreReferenceModel): Mismatch | undefined {
  if (!Array.isArray(results) || results.length !== ops.length) {
    return {
      id: "ST-42",
      answer: `batch() returned ${Array.isArray(results) ? `${results.length} results` : formatValue(results)} for ${ops.length} ops`,
      diffs: [{ path: "batch().length", expected: ops.length, actual: Array.isArray(results) ? results.length : results }],
    };
  }
  for (const [i, op] of ops.entries()) {
    const at = `batch()[${i}] (${op.kind})`;
    const result: unknown = results[i];
    // ST-42: nullish for puts, an Item or null for gets, arrays for searches and listings.
    const shape =
      op.kind === "put"
        ? result === null || result === undefined
        : op.kind === "get"
          ? result === null || (typeof result === "object" && !Array.isArray(result))
          : Array.isArray(result);
    if (!shape)
      return {
        id: "ST-42",
        answer: `${at}: not the result of a ${op.kind}`,
        diffs: [
          {
            path: at,
            expected: op.kind === "put" ? "null or undefined" : op.kind === "get" ? "an Item or null" : "an array",
            actual: result,
          },
        ],
      };
    const wrong =
      op.kind === "put"
        ? result === null || result === undefined
          ? undefined
          : { id: "ST-42" as const, answer: `${at}: a put's result is not nullish`, diffs: [{ path: at, expected: null, actual: result }] }
        : op.kind === "get"
          ? checkGet(result, op.namespace, op.key, model, at)
          : op.kind === "search"
            ? checkSearchPage(result, op, model, at)
            : checkListPage(result, op, model, at);
    if (wrong) return wrong.id === "ST-01" || wrong.id === "ST-33" ? { ...wrong, id: "ST-42" } : wrong;
  }
  return undefined;
}

/** A wrong read right after concurrent puts: the concurrency clause, unless the read itself is wrong in another way. */
function concurrent(m: Mismatch | undefined): Mismatch | undefined {
  const lost = m && /already returned|returned null, the model has the item/.test(m.answer);
  return m && lost ? { ...m, id: "ST-47" } : m;
}

/** A put's clause when it rejects: ST-16 for a label with "_", ST-14 for "langgraph" below the root, else ST-01. */
function putClause(namespace: readonly string[]): CatalogId {
  if (namespace.slice(1).includes("langgraph")) return "ST-14";
  return namespace.some((label) => label.includes("_")) ? "ST-16" : "ST-01";
}

async function readPages(expected: number, pageSize: number, read: (offset: number) => Promise<unknown>): Promise<unknown[][]> {
  const pages: unknown[][] = [];
  for (let page = 0; page < expected + EXTRA_PAGES; page++) {
    const result = await read(page * pageSize);
    const items = Array.isArray(result) ? result : [result];
    pages.push(items);
    if (items.length < pageSize) break;
  }
  return pages;
}

async function resolves<T>(operation: string, id: CatalogId, work: () => Promise<T>, timeoutMs: number): Promise<T> {
  try {
    return await withTimeout(Promise.resolve().then(work), timeoutMs, () => `in ${operation}`);
  } catch (error) {
    const lines = [
      `${operation} rejected, the model expects it to resolve`,
      `- actual: rejected with ${formatValue(error)}`,
      ...userFrames(error).map((f) => `            ${f}`),
    ];
    throw new StoreModelDisagreement(operation, id, lines, thrownError(error, operation));
  }
}

async function rejects(
  operation: string,
  id: CatalogId,
  rule: InvalidRule,
  work: () => Promise<unknown>,
  timeoutMs: number,
): Promise<void> {
  let settled: unknown;
  try {
    settled = await withTimeout(Promise.resolve().then(work), timeoutMs, () => `in ${operation}`);
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError")
      throw new StoreModelDisagreement(operation, id, [`${operation} did not settle: ${error.message}`], thrownError(error, operation));
    return;
  }
  throw new StoreModelDisagreement(operation, id, [
    `${operation} with an invalid namespace (${rule}) resolved, the model expects it to reject`,
    `- actual: resolved with ${formatValue(settled)}`,
  ]);
}
