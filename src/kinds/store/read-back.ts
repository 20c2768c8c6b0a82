import { randomUUID } from "node:crypto";
import type { BaseStore, Item } from "@langchain/langgraph-checkpoint";
import { diffValues } from "../../format.js";
import type { ReadBack } from "../../report/types.js";

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
  const get = await readsRight(
    async () => sameItem(await store.get(namespace, key), namespace, key) && (await store.get(namespace, "never-put")) === null,
  );
  const search = await readsRight(async () =>
    sameItem(
      (await store.search(namespace, { limit: 10 })).find((i) => i.key === key),
      namespace,
      key,
    ),
  );
  return { checkpoint: { get, search }, writes: {} };
}

/**
 * A reader check (src/diagnosis/causes/read-back.ts names the reader for it): one item
 * put, and namespaces that do not hold its key, each holding another item:
 * a sibling, a child, the parent, and labels that only look like the item's
 * (another case, a longer label it is a prefix of). get() of the key in any
 * of them must find nothing. get() finding the item there while search() of
 * that namespace lists no item of that key under it, and both readers read
 * the item right where it was put, reads wrong: what was stored is where it
 * was put. search() listing it under a sibling, child or look-alike (the
 * parent holds it, by prefix) while get() finds nothing there reads wrong
 * the same way. Both wrong decides nothing (a writer storing it twice looks
 * alike); a reader that did not read the item right where it was put is left out.
 */
export async function otherNamespacesReadNothing(store: BaseStore): Promise<Partial<Record<"get" | "search", boolean>> | undefined> {
  const root = ["probe-namespaces", randomUUID()];
  const namespace = [...root, "item"];
  // A key of its own: a reader ignoring the namespace would find another check's item under a shared key.
  const key = `item-${randomUUID()}`;
  const notUnder = [
    [...root, "other"],
    [...namespace, "child"],
    [...root, "ITEM"],
    [...root, "items"],
  ];
  await store.put(namespace, key, VALUE);
  for (const other of [...notUnder, root]) await store.put(other, "neighbour", { n: 2 });
  const getRight = await readsRight(async () => sameItem(await store.get(namespace, key), namespace, key));
  const searchRight = await readsRight(async () =>
    sameItem(
      (await store.search(namespace, { limit: 10 })).find((i) => i.key === key),
      namespace,
      key,
    ),
  );
  if (!getRight || !searchRight) return undefined;
  const sameNamespace = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((label, i) => label === b[i]);
  // Per namespace: whether get() found the key there, and whether search() listed an item of the key (under that namespace itself, for the parent: it holds the item by prefix).
  const reads = [];
  for (const other of [...notUnder, root]) {
    const listed = (await store.search(other, { limit: 50 })).filter(
      (i) => i.key === key && (other !== root || sameNamespace(i.namespace, root)),
    );
    // Found is an item of the key: a reader answering undefined for nothing (a bug of its own) found nothing.
    reads.push({ found: (await store.get(other, key))?.key === key, listed: listed.length > 0 });
  }
  const getWrong = reads.some((r) => r.found && !r.listed);
  const searchWrong = reads.some((r) => r.listed && !r.found);
  // Both readers showing it under a namespace it was not put in, there or in different ones: what was stored may be.
  if ((getWrong && searchWrong) || reads.some((r) => r.found && r.listed)) return undefined;
  return { get: !getWrong, search: !searchWrong };
}

/** The item as put: its namespace, key and value, with its timestamps as Dates. */
function sameItem(item: Item | null | undefined, namespace: readonly string[], key: string): boolean {
  if (item === null || item === undefined) return false;
  const datesKept = item.createdAt instanceof Date && item.updatedAt instanceof Date;
  return (
    datesKept &&
    diffValues({ namespace, key, value: VALUE }, { namespace: item.namespace, key: item.key, value: item.value }, { max: 1 }).length === 0
  );
}

/** One reader's reads: false when they read wrong or threw (a reader that throws reads wrong). */
export async function readsRight(run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch {
    return false;
  }
}
