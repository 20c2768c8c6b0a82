import { seconds } from "../reporters/matrix/render-terminal.js";
import type { ProductCase, ProductMatrixResult } from "./product.js";

/**
 * The product matrix as one compact table: a row per checkpointer × store, a
 * column per cache (none, then each cache backend); a cell counts the product
 * scenarios that agree with memory × memory × memory and names the others.
 * Then each disagreement once, and the backends that could not run, with why.
 * @public
 */
export function renderProductMatrix(result: ProductMatrixResult): string {
  const out = [
    `Product matrix: checkpointer × store × cache, scenarios ${result.scenarios.join(", ")}, each against MemorySaver × InMemoryStore × InMemoryCache (no cache where the column has none)`,
    "",
    ...productTableLines(result),
  ];
  out.push(...disagreementLines(result.cases));
  if (result.skipped.length > 0) out.push("", "Not run:", ...result.skipped.map((s) => `  ${s.kind} ${s.id}: ${s.reason}`));
  out.push(`Total: ${seconds(result.durationMs)}`);
  return `${out.join("\n")}\n`;
}

/** The table alone: a row per checkpointer × store, a column per cache (none, then each cache backend). */
export function productTableLines(result: ProductMatrixResult): string[] {
  const header = ["checkpointer", "store", ...result.caches.map((c) => `cache: ${c}`)];
  const rows = result.savers.flatMap((saver) =>
    result.stores.map((store) => [
      saver,
      store,
      ...result.caches.map((cache) => cellText(result.cases.filter((c) => c.saver === saver && (c.store === store || c.cache === cache)))),
    ]),
  );
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((r) => r[i].length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => cell.padEnd(widths[i])).join("  ")}`.trimEnd();
  const out = [line(header), `  ${widths.map((w) => "-".repeat(w)).join("  ")}`, ...rows.map(line)];
  if (rows.length === 0) out.push("  (nothing ran)");
  return out;
}

/** `✓ 6`, or `✓ 5 ≠ G25 (dev)` / `✗ G23`: agreeing count, then the others by id. */
function cellText(cases: readonly ProductCase[]): string {
  const agree = cases.filter((c) => c.status === "agree").length;
  const others = cases
    .filter((c) => c.status !== "agree")
    .map((c) => (c.status === "deviation" ? `${c.scenario} (dev)` : c.status === "error" ? `${c.scenario} (error)` : c.scenario));
  return others.length === 0
    ? `✓ ${agree}`
    : `${cases.some((c) => c.status === "differ" || c.status === "error") ? "✗" : "✓"} ${agree}/${cases.length} ≠ ${others.join(" ")}`;
}

/** Each disagreement once: the checkpointers where a scenario differs the same way with one store or cache share a line. */
function disagreementLines(cases: readonly ProductCase[]): string[] {
  const differing = cases.filter((c) => c.status !== "agree");
  if (differing.length === 0) return ["", "Every combination that ran agrees with memory × memory × memory."];
  return [
    "",
    `≠ ${differing.length} case${differing.length === 1 ? "" : "s"} differ${differing.length === 1 ? "s" : ""}:`,
    ...productDifferences(cases).map((d) => `  ${d.headline}:\n${indent(d.first.detail ?? "")}`),
  ];
}

/** The cases that differ, each difference once: the checkpointers where a scenario differs the same way with one store or cache share it. */
export function productDifferences(cases: readonly ProductCase[]): { first: ProductCase; savers: string[]; headline: string }[] {
  const groups = new Map<string, { first: ProductCase; savers: string[] }>();
  for (const c of cases.filter((c) => c.status !== "agree")) {
    const key = JSON.stringify([c.scenario, c.store, c.cache, c.status, c.detail]);
    const group = groups.get(key) ?? { first: c, savers: [] };
    group.savers.push(c.saver);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ first: c, savers }) => ({
    first: c,
    savers,
    headline: `${c.scenario} on ${savers.join(", ")} × ${c.store !== undefined ? `store ${c.store}` : `cache ${c.cache}`} (${c.status})`,
  }));
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((l) => `    ${l.trimStart()}`)
    .join("\n");
}

/** Whether the product run is fine: no undeclared difference and no error. @public */
export function productPassed(result: ProductMatrixResult): boolean {
  return result.cases.every((c) => c.status === "agree" || c.status === "deviation");
}
