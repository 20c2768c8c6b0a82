import type { ProductCase, ProductMatrixResult } from "./product.js";

/** The backends of the whole product, each kind in the order one run lists them. */
export interface ProductOrder {
  savers: readonly string[];
  stores: readonly string[];
  caches: readonly string[];
}

/**
 * One product result from parts run apart (npm start runs the cases of the
 * server backends in another process): the backends and cases in the order a
 * single run makes them (per checkpointer, its stores' cases, then its cache
 * columns'), what could not run once, and the longest part's time (they ran at once).
 */
export function mergeProductResults(parts: readonly ProductMatrixResult[], order: ProductOrder): ProductMatrixResult {
  const inOrder = (ids: readonly string[], all: readonly string[]) => all.filter((id) => ids.includes(id));
  const union = (pick: (p: ProductMatrixResult) => readonly string[], all: readonly string[]) => inOrder(parts.flatMap(pick), all);
  const scenarios = [...new Set(parts.flatMap((p) => p.scenarios))];
  const rank = (c: ProductCase): number[] => [
    order.savers.indexOf(c.saver),
    c.store !== undefined ? 0 : 1,
    c.store !== undefined ? order.stores.indexOf(c.store) : order.caches.indexOf(c.cache ?? ""),
    scenarios.indexOf(c.scenario),
  ];
  const cases = parts.flatMap((p) => p.cases).sort((a, b) => compareRanks(rank(a), rank(b)));
  const skipped = parts.flatMap((p) => p.skipped).filter((s, i, all) => all.findIndex((t) => t.kind === s.kind && t.id === s.id) === i);
  return {
    savers: union((p) => p.savers, order.savers),
    stores: union((p) => p.stores, order.stores),
    caches: union((p) => p.caches, order.caches),
    scenarios,
    cases,
    skipped,
    durationMs: Math.max(0, ...parts.map((p) => p.durationMs)),
  };
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
