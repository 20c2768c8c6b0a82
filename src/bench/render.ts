import { THROUGHPUT_OPERATIONS, type ThroughputResult } from "./throughput.js";

function fmtOps(n: number): string {
  if (!Number.isFinite(n)) return "∞";
  return n >= 100 ? Math.round(n).toLocaleString("en-US") : n.toFixed(1);
}

function fmtMs(n: number): string {
  return n >= 10 ? n.toFixed(1) : n.toFixed(3);
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** One backend: a row per operation, per thread length ops/s and p50/p99 (ms), then the growth. */
export function renderThroughput(result: ThroughputResult): string {
  const header = ["operation", ...result.sizes.map((n) => `n=${n}: ops/s (p50 / p99 ms)`), "growth"];
  const rows = THROUGHPUT_OPERATIONS.map((op) => [
    op,
    ...result.sizes.map((n) => {
      const s = result.stats.find((x) => x.operation === op && x.threadLength === n);
      return s ? `${fmtOps(s.opsPerSec)} (${fmtMs(s.p50Ms)} / ${fmtMs(s.p99Ms)})` : "-";
    }),
    result.growth[op],
  ]);
  return `${result.name}\n\n${table(header, rows)}`;
}

/** Several backends side by side: ops/s per operation at each thread length. */
export function renderThroughputComparison(results: readonly ThroughputResult[]): string {
  const sizes = [...new Set(results.flatMap((r) => r.sizes))].sort((a, b) => a - b);
  const header = ["operation", "n", ...results.map((r) => `${r.name} ops/s`)];
  const rows = THROUGHPUT_OPERATIONS.flatMap((op) =>
    sizes.map((n) => [
      op,
      String(n),
      ...results.map((r) => {
        const s = r.stats.find((x) => x.operation === op && x.threadLength === n);
        return s ? fmtOps(s.opsPerSec) : "-";
      }),
    ]),
  );
  return table(header, rows);
}
