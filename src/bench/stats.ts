/** Order statistics over latency samples (ms). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export function median(samples: readonly number[]): number {
  return percentile(samples, 50);
}

/** Median and spread (min, max, and the relative half-range) of repeated measurements. */
export function summarize(samples: readonly number[]): { median: number; min: number; max: number; spreadPct: number } {
  const m = median(samples);
  const min = Math.min(...samples);
  const max = Math.max(...samples);
  return { median: m, min, max, spreadPct: m > 0 ? ((max - min) / 2 / m) * 100 : 0 };
}
