import { randomUUID } from "node:crypto";
import type { BaseStore, Item } from "@langchain/langgraph-checkpoint";
import { diffValues } from "../format.js";
import type { ReadBack } from "../report/types.js";

/** A value with what a store must keep of it: text beyond Latin-1, a fraction, null and false fields, a nested list. */
const VALUE = { text: "é ✓ 𝄞", n: 1.5, none: null, flag: false, nested: { list: [1, null, "x"] } };

/**
 * The store's read-back round trip, on a fresh store: one item put, and a
 * sibling below its namespace; then read back through get() (the item, and a
 * key never put, which must read as null) and search() (the item among the
 * namespace's). get() and search() read independently, so one reading it
 * wrong and the other right shows what was stored is right (a reader's bug);
 * both wrong, that put() stored it wrong.
 */
export async function storeRoundTrip(store: BaseStore): Promise<ReadBack> {
  const namespace = ["probe-read-back", randomUUID()];
  const key = "item";
  await store.put(namespace, key, VALUE);
  await store.put([...namespace, "child"], "other", { n: 2 });
  const get = await readsRight(async () => sameItem(await store.get(namespace, key), namespace, key) && (await store.get(namespace, "never-put")) === null);
  const search = await readsRight(async () => sameItem((await store.search(namespace, { limit: 10 })).find((i) => i.key === key), namespace, key));
  return { checkpoint: { get, search }, writes: {} };
}

/** The item as put: its namespace, key and value, with its timestamps as Dates. */
function sameItem(item: Item | null | undefined, namespace: readonly string[], key: string): boolean {
  if (item === null || item === undefined) return false;
  const datesKept = item.createdAt instanceof Date && item.updatedAt instanceof Date;
  return datesKept && diffValues({ namespace, key, value: VALUE }, { namespace: item.namespace, key: item.key, value: item.value }, { max: 1 }).length === 0;
}

/** One reader's reads: false when they read wrong or threw (a reader that throws reads wrong). */
export async function readsRight(run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch {
    return false;
  }
}
