import type { ScoreDistribution } from '@/shared/schemas/insights';

/** Rounded to one decimal, as the tabs show figures. */
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** The median: the middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

/** Linear interpolation between closest ranks (the spreadsheet's QUARTILE.INC). */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * p;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? 0;
  const high = sorted[upper] ?? low;
  return low + (high - low) * (position - lower);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Ten bins of ten points over 0-100 percent; below 0 counts in the first, above 100 in the last. */
export function distributionOf(percents: readonly number[]): ScoreDistribution {
  const bins = Array.from({ length: 10 }, (_, index) => ({ from: index * 10, to: index * 10 + 10, count: 0 }));
  for (const percent of percents) {
    const index = Math.min(9, Math.max(0, Math.floor(percent / 10)));
    const bin = bins[index];
    if (bin) bin.count += 1;
  }
  return {
    bins,
    median: round1(median(percents)),
    q1: round1(quantile(percents, 0.25)),
    q3: round1(quantile(percents, 0.75)),
    min: round1(percents.length ? Math.min(...percents) : 0),
    max: round1(percents.length ? Math.max(...percents) : 0),
  };
}
