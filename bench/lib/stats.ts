// Percentiles over raw samples (milliseconds), rounded to 0.01 ms.

export type Timing = { n: number; median: number; p95: number; min: number; max: number };

export const round2 = (x: number) => Math.round(x * 100) / 100;

export function timing(samples: number[]): Timing {
  const s = [...samples].sort((a, b) => a - b);
  if (s.length === 0) return { n: 0, median: NaN, p95: NaN, min: NaN, max: NaN };
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { n: s.length, median: round2(at(0.5)), p95: round2(at(0.95)), min: round2(s[0]), max: round2(s[s.length - 1]) };
}
