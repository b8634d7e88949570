// Trust strategies: which graph the EigenTrust / PageRank score runs over. FOLLOWS
// is the follow graph (every live follow weighs 1, the graph score of the stats);
// ENGAGEMENT weighs what one profile did to another with OpenRank's published
// weights. Stated once here: the refresh builds its edges from these, and the
// answers report them.
import type { ProtocolName } from './protocols';

export type TrustStrategy = 'follows' | 'engagement';
export const TRUST_STRATEGIES: readonly TrustStrategy[] = ['follows', 'engagement'];

/** Weight of each interaction kind, per protocol and strategy (an interaction not listed does not count). */
export const TRUST_WEIGHTS: Record<ProtocolName, Record<TrustStrategy, Readonly<Record<string, number>>>> = {
  farcaster: { follows: { follows: 1 }, engagement: { likes: 1, replies: 6, recasts: 3, mentions: 12, follows: 1 } },
  lens: { follows: { follows: 1 }, engagement: { follows: 6, comments: 3, mirrors: 8, collects: 12 } },
};

/** Contributors the refresh keeps per profile and strategy (the most an explanation lists). */
export const TRUST_CONTRIBUTORS = 20;

/** Retention of the rank history when the config does not say. */
export const DEFAULT_RANK_HISTORY_DAYS = 30;

/** Minutes between rank history points when the config does not say: one a day. */
export const DEFAULT_RANK_HISTORY_INTERVAL_MINUTES = 1440;
