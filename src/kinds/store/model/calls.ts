import type { Operation } from "@langchain/langgraph-checkpoint";
import { tsLiteral } from "../../checkpointer/model/ts-literal.js";

/** A stored value: the fields filters use are always present (no `$ne` on a missing field, ST-26). */
export type StoreValue = Record<string, unknown>;

export interface SearchArgs {
  prefix: string[];
  filter?: Record<string, unknown>;
  limit?: number;
  offset?: number;
}

export interface ListArgs {
  prefix?: string[];
  suffix?: string[];
  maxDepth?: number;
  limit?: number;
  offset?: number;
}

/** One operation inside a `batch()` call; `value: null` deletes (ST-46). */
export type BatchOp =
  | { kind: "put"; namespace: string[]; key: string; value: StoreValue | null }
  | { kind: "get"; namespace: string[]; key: string }
  | ({ kind: "search" } & SearchArgs)
  | ({ kind: "list" } & ListArgs);

/**
 * One call of a sequence, as plain data (so fast-check shrinks it and the
 * reproduction prints it). Namespaces with a non-string label exist only in
 * `invalidPut`, whose namespace is unknown[] on purpose.
 */
export type StoreCall =
  | { call: "put"; namespace: string[]; key: string; value: StoreValue }
  | { call: "delete"; namespace: string[]; key: string }
  | { call: "get"; namespace: string[]; key: string }
  | ({ call: "search" } & SearchArgs)
  /** Every page of a search, `pageSize` at a time: disjoint, and together the whole result (ST-29). */
  | ({ call: "searchPages"; pageSize: number } & Omit<SearchArgs, "limit" | "offset">)
  | ({ call: "list" } & ListArgs)
  /** Every page of a listing, `pageSize` at a time (ST-39). */
  | ({ call: "listPages"; pageSize: number } & Omit<ListArgs, "limit" | "offset">)
  /** Reads never touch what the batch writes (read-your-writes in a batch is ST-44, a profile item). */
  | { call: "batch"; ops: BatchOp[] }
  /** One batch of `count` puts in one namespace, keys `item-0`…, `n` cycling through the generator's numbers: more than a default search page (ST-29). */
  | { call: "fill"; namespace: string[]; count: number; value: StoreValue }
  /** One batch of `count` puts, one per namespace [root, `w0`]…: more than a default listing (ST-33). */
  | { call: "wide"; root: string; count: number }
  /** put() calls issued at once; their keys are distinct, or a repeated key gets the same value each time (ST-47). */
  | { call: "concurrentPuts"; puts: { namespace: string[]; key: string; value: StoreValue }[] }
  /** put() of an invalid namespace: must reject and store nothing (ST-10..ST-14). */
  | { call: "invalidPut"; namespace: unknown[]; key: string; value: StoreValue; rule: InvalidRule }
  /** batch() with reads and one invalid put: must reject (ST-45); no valid write in it, so what stays applied (a profile item) does not matter. */
  | { call: "invalidBatch"; reads: BatchOp[]; namespace: unknown[]; key: string; value: StoreValue; rule: InvalidRule };

export type InvalidRule = "empty namespace" | "label with ." | "empty label" | "non-string label" | "reserved root";

export const ts = tsLiteral;

/** A search or list call's options object, without its undefined fields. */
export function optionsOf(args: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));
}

const SEARCH_KEYS = ["filter", "limit", "offset"] as const;
const LIST_KEYS = ["prefix", "suffix", "maxDepth", "limit", "offset"] as const;

export function searchOptions(args: SearchArgs): Record<string, unknown> {
  return optionsOf(args as unknown as Record<string, unknown>, SEARCH_KEYS);
}

export function listOptions(args: ListArgs): Record<string, unknown> {
  return optionsOf(args as unknown as Record<string, unknown>, LIST_KEYS);
}

/** A batch op as the object BaseStore.batch takes. */
export function operationOf(op: BatchOp): Operation {
  switch (op.kind) {
    case "put":
      return { namespace: op.namespace, key: op.key, value: op.value };
    case "get":
      return { namespace: op.namespace, key: op.key };
    case "search":
      return { namespacePrefix: op.prefix, ...searchOptions(op) };
    case "list":
      return listOperation(op) as unknown as Operation;
  }
}

/** listNamespaces options as a ListNamespacesOperation (what BaseStore.listNamespaces builds). */
export function listOperation(args: ListArgs): Record<string, unknown> {
  const matchConditions = [
    ...(args.prefix ? [{ matchType: "prefix", path: args.prefix }] : []),
    ...(args.suffix ? [{ matchType: "suffix", path: args.suffix }] : []),
  ];
  return {
    ...(matchConditions.length ? { matchConditions } : {}),
    ...(args.maxDepth !== undefined ? { maxDepth: args.maxDepth } : {}),
    limit: args.limit ?? 100,
    offset: args.offset ?? 0,
  };
}

/** Keys named like Object.prototype members: a store keeping items in plain objects finds the inherited member. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "toString", "hasOwnProperty"] as const;

/**
 * What a get also reads, derived from its namespace and key: a key named like an Object.prototype member that no
 * sequence puts (IM-store-get-plain-object-map), and the namespaces under the one it read, which a get must not
 * create (IM-store-get-creates-namespace: `map[ns] ??= new Map()` in get, an upserted parent document).
 */
export function getReads(namespace: string[], key: string): [prototypeKey: string, listing: ListArgs] {
  return [PROTOTYPE_KEYS[key.length % PROTOTYPE_KEYS.length]!, { prefix: namespace }];
}

/** The call as TypeScript on a `store` variable (concurrent puts: with their read-backs). */
export function renderCall(c: StoreCall): string {
  switch (c.call) {
    case "put":
      return `await store.put(${ts(c.namespace)}, ${ts(c.key)}, ${ts(c.value)});`;
    case "delete":
      return `await store.delete(${ts(c.namespace)}, ${ts(c.key)});`;
    case "get": {
      const [prototypeKey, listing] = getReads(c.namespace, c.key);
      return [
        `console.log(await store.get(${ts(c.namespace)}, ${ts(c.key)}));`,
        `console.log(await store.get(${ts(c.namespace)}, ${ts(prototypeKey)})); // never put`,
        `console.log(await store.listNamespaces(${ts(listOptions(listing))}));`,
      ].join("\n");
    }
    case "search":
      return `console.log(await store.search(${ts(c.prefix)}, ${ts(searchOptions(c))}));`;
    case "searchPages":
      return pagesLoop(`store.search(${ts(c.prefix)}, { ...${ts(searchOptions(c))}, limit: ${c.pageSize}, offset })`, c.pageSize);
    case "list":
      return `console.log(await store.listNamespaces(${ts(listOptions(c))}));`;
    case "listPages":
      return pagesLoop(`store.listNamespaces({ ...${ts(listOptions(c))}, limit: ${c.pageSize}, offset })`, c.pageSize);
    case "batch":
      return `console.log(await store.batch(${renderOps(c.ops)}));`;
    case "fill":
      return `await store.batch(Array.from({ length: ${c.count} }, (_, i) => ({ namespace: ${ts(c.namespace)}, key: \`item-\${i}\`, value: { ...${ts(c.value)}, n: ${ts(FILL_NUMBERS)}[i % ${FILL_NUMBERS.length}] } })));`;
    case "wide":
      return `await store.batch(Array.from({ length: ${c.count} }, (_, i) => ({ namespace: [${ts(c.root)}, \`w\${i}\`], key: "k", value: { n: i, s: "w", tag: "active" } })));`;
    case "concurrentPuts":
      return [
        `await Promise.all([${c.puts.map((p) => `store.put(${ts(p.namespace)}, ${ts(p.key)}, ${ts(p.value)})`).join(", ")}]);`,
        ...c.puts.map((p) => `console.log(await store.get(${ts(p.namespace)}, ${ts(p.key)}));`),
        ...concurrentRoots(c).map((root) => `console.log(await store.search([${ts(root)}], { limit: ${READ_BACK_LIMIT} }));`),
      ].join("\n");
    case "invalidPut":
      return `await store.put(${ts(c.namespace)}, ${ts(c.key)}, ${ts(c.value)}); // ${c.rule}: must reject`;
    case "invalidBatch":
      return `await store.batch(${renderOps(c.reads)}.concat([{ namespace: ${ts(c.namespace)}, key: ${ts(c.key)}, value: ${ts(c.value)} }])); // ${c.rule}: must reject`;
  }
}

/** How many items the read-back after concurrent puts asks for: all of a root's. */
export const READ_BACK_LIMIT = 10_000;

/** The roots a concurrent-puts call wrote under (each is read back whole). */
export function concurrentRoots(c: Extract<StoreCall, { call: "concurrentPuts" }>): string[] {
  return [...new Set(c.puts.map((p) => p.namespace[0]!))];
}

/** The `n` values a fill cycles through (range filters meet 2, 9, 10 and 100 in one namespace). */
export const FILL_NUMBERS = [2, 9, 10, 100, 0, -1.5];

/** The puts a fill or wide call stands for, as batch ops. */
export function bulkOps(c: Extract<StoreCall, { call: "fill" | "wide" }>): BatchOp[] {
  if (c.call === "fill")
    return Array.from({ length: c.count }, (_, i) => ({
      kind: "put",
      namespace: c.namespace,
      key: `item-${i}`,
      value: { ...c.value, n: FILL_NUMBERS[i % FILL_NUMBERS.length]! },
    }));
  return Array.from({ length: c.count }, (_, i) => ({
    kind: "put",
    namespace: [c.root, `w${i}`],
    key: "k",
    value: { n: i, s: "w", tag: "active" },
  }));
}

function pagesLoop(call: string, pageSize: number): string {
  return `for (let offset = 0; ; offset += ${pageSize}) { const page = await ${call}; console.log(page); if (page.length < ${pageSize}) break; }`;
}

function renderOps(ops: readonly BatchOp[]): string {
  return `[${ops.map((op) => ts(operationOf(op))).join(", ")}]`;
}
