// The earlier service typed a user rank's `rank` and `count` (and a token
// mention's `post_count`) as decimal strings; GraphQL answers them as Int. Its
// clients parse the strings, so the REST face keeps printing them.

/** A user rank as REST prints it: rank and count in decimal. */
export const decimalRank = <T extends { rank: number; count: number }>(r: T): Omit<T, 'rank' | 'count'> & { rank: string; count: string } =>
  ({ ...r, rank: String(r.rank), count: String(r.count) });
