import type { BaseStore, Item } from "@langchain/langgraph-checkpoint";
import { ConformanceError, expectEqual } from "../../../assert.js";
import type { StoreCapability } from "../capabilities.js";
import type { StoreSpecContext } from "../context.js";
import type { CapabilitySpecOf, SpecTestOf } from "../../checkpointer/checks/types.js";

/** A store spec test. @public */
export type StoreSpecTest = SpecTestOf<StoreSpecContext, StoreCapability>;
/** The store spec tests of one capability. @public */
export type StoreCapabilitySpec = CapabilitySpecOf<StoreSpecContext, StoreCapability>;

/** An item's identity, `label/label#key`, for comparing results as sets (order is backend-defined, ST-30). */
export function itemId(item: Pick<Item, "namespace" | "key">): string {
  return `${JSON.stringify(item.namespace)}#${JSON.stringify(item.key)}`;
}

export function idOf(namespace: string[], key: string): string {
  return itemId({ namespace, key });
}

/** The results' identities, sorted: the set a search returned. */
export function idSet(items: readonly Pick<Item, "namespace" | "key">[]): string[] {
  return items.map(itemId).sort();
}

/** Namespaces as a sorted set of JSON strings (listNamespaces order is backend-collated, ST-40). */
export function namespaceSet(namespaces: readonly string[][]): string[] {
  return namespaces.map((ns) => JSON.stringify(ns)).sort();
}

/** The search must return exactly these items, in any order. */
export function expectItems(actual: readonly Item[], expected: readonly (readonly [string[], string])[], clause: string): void {
  expectEqual(idSet(actual), expected.map(([ns, key]) => idOf(ns, key)).sort(), clause);
}

/** listNamespaces must return exactly these namespaces, in any order. */
export function expectNamespaces(actual: readonly string[][], expected: readonly string[][], clause: string): void {
  if (!Array.isArray(actual)) throw new ConformanceError(clause, { expected: "an array of namespaces", actual });
  expectEqual(namespaceSet(actual), namespaceSet(expected), clause);
}

/** No entry may repeat (pages of a listing must be disjoint). */
export function expectNoRepeats(entries: readonly string[], clause: string): void {
  const repeated = entries.filter((e, i) => entries.indexOf(e) !== i);
  if (repeated.length) throw new ConformanceError(clause, { expected: "no entry twice", actual: [...new Set(repeated)] });
}

/** Puts each `[namespace, key, value]` in turn (one call each: no batch semantics involved). */
export async function putAll(store: BaseStore, entries: readonly (readonly [string[], string, Record<string, unknown>])[]): Promise<void> {
  for (const [ns, key, value] of entries) await store.put(ns, key, value);
}

/** Every page of a search, by `limit`, until a short page. Bounded, so a store that ignores `offset` cannot loop forever. */
export async function allPages(search: (offset: number) => Promise<readonly Item[]>, limit: number, maxPages: number): Promise<Item[][]> {
  const pages: Item[][] = [];
  for (let page = 0; page < maxPages; page++) {
    const items = [...(await search(page * limit))];
    pages.push(items);
    if (items.length < limit) break;
  }
  return pages;
}

/** Resolves after `ms`: timestamps must move on between two writes. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `fn`; returns the error it threw, or undefined. */
export async function thrownBy(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
    return undefined;
  } catch (error) {
    return error;
  }
}
