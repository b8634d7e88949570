// The `ratio` window of gains and trending. Each period is (as_of − length, as_of]:
// it ends at the protocol's as-of time (its newest event), not at the wall clock.

export const PERIODS = { day: 1, week: 7, month: 30 } as const;
export type Period = keyof typeof PERIODS;

/** Percentile bands of rank / N (each limit inclusive), exactly these strings: clients match on them. */
const BANDS: [number, string][] = [[0.001, 'top 0.1%'], [0.01, 'top 1%'], [0.05, 'top 5%'], [0.1, 'top 10%'], [0.25, 'top 25%'], [0.5, 'top 50%']];

export function percentileCategory(rank: number, profiles: number): string {
  const share = rank / Math.max(profiles, 1);
  return BANDS.find(([limit]) => share <= limit)?.[1] ?? 'bottom 50%';
}
