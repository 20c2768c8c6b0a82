import type { BaseStore, GetOperation, Item, ListNamespacesOperation } from "@langchain/langgraph-checkpoint";
import { ReferenceStore } from "../../../fixtures/reference-store.js";

/**
 * Stores with one bug of the families of issue 40, for the store model's inputs (docs/implementation-methods.md
 * names the way of implementing that goes wrong). They prove the store model mode, not the spec suite, so they
 * are not in test/store-mutants/.
 */
export interface StoreModelMutant {
  name: string;
  bug: string;
  create(): BaseStore;
}

/** IM-store-get-plain-object-map: items kept in a plain object per namespace, so `items["toString"]` finds the inherited member. */
class PlainObjectKeys extends ReferenceStore {
  protected override getOp(op: GetOperation): Item | null {
    const item = super.getOp(op);
    if (item !== null || !(op.key in Object.prototype)) return item;
    return { namespace: [...op.namespace], key: op.key, value: {}, createdAt: new Date(0), updatedAt: new Date(0) };
  }
}

/** IM-store-get-creates-namespace: `data.get(ns) ?? data.set(ns, new Map())` in get, so a namespace only read is listed. */
class GetCreatesNamespace extends ReferenceStore {
  private readonly read = new Map<string, string[]>();

  protected override getOp(op: GetOperation): Item | null {
    this.read.set(JSON.stringify(op.namespace), [...op.namespace]);
    return super.getOp(op);
  }

  protected override listOp(op: ListNamespacesOperation): string[][] {
    const listed = super.listOp({ ...op, limit: Number.MAX_SAFE_INTEGER, offset: 0 });
    const all = this.distinct([
      ...listed,
      ...[...this.read.values()].filter((ns) => (op.matchConditions ?? []).every((c) => this.conditionMatches(c, ns))),
    ]);
    return all.slice(op.offset ?? 0, (op.offset ?? 0) + (op.limit ?? 100));
  }
}

export const ISSUE_40_STORE_MUTANTS: StoreModelMutant[] = [
  {
    name: "plain-object-keys",
    bug: "get() of a key named like an Object.prototype member finds the inherited member",
    create: () => new PlainObjectKeys(),
  },
  {
    name: "get-creates-namespace",
    bug: "get() of a namespace never written creates it, so listNamespaces() lists it",
    create: () => new GetCreatesNamespace(),
  },
];
