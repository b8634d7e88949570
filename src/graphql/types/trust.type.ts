// Trust under a chosen strategy, what it ran with, and who it comes from; and
// the rank history. Contributor types per protocol (they carry the profile).
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { PercentileBand, TrustStrategyChoice } from '../enums/public-enums';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';
import { RankEntry } from './rank.type';
import { DateScalar } from '../scalars/date.scalar';

@ObjectType({ description: 'One interaction kind and its weight in a trust strategy.' })
export class TrustWeight {
  @Field(() => String, { description: 'The interaction: follows, likes, replies, recasts, mentions (Farcaster); follows, comments, mirrors, collects (Lens).' }) interaction!: string;
  @Field(() => Float, { description: 'Its weight: an edge i → j weighs the sum over kinds of weight × how many times i did it to j.' }) weight!: number;
}

@ObjectType({ description: 'What a trust strategy ran with at the last analytics refresh, so a client knows exactly what the score is.' })
export class TrustParameters {
  @Field(() => [TrustWeight], { description: 'The interaction weights (FOLLOWS: follows 1). Each profile\'s row is normalised by its total outgoing weight.' }) weights!: TrustWeight[];
  @Field(() => Float, { description: 'Damping α: the weight of the graph against the jump back to pretrust (1 − α).' }) alpha!: number;
  @Field(() => Float, { description: 'Convergence tolerance: iteration stops when the L1 change of the scores is below it.' }) tolerance!: number;
  @Field(() => Int, { description: 'Upper bound on iterations.' }) maxIterations!: number;
  @Field(() => Int, { description: 'Iterations performed.' }) iterations!: number;
  @Field(() => Float, { description: 'L1 change of the last iteration.' }) delta!: number;
  @Field(() => Boolean, { description: 'Whether delta fell below the tolerance within maxIterations.' }) converged!: boolean;
  @Field(() => Int, { description: 'Profiles of the pretrust set; 0 = pretrust uniform over all profiles.' }) pretrustProfiles!: number;
  @Field(() => Float, { description: 'Distinct edges (profile pairs, self-pairs excluded) of the graph.' }) edges!: number;
}

const SHARE = 'Share of the profile\'s (unscaled) score that this contributor gives: α·t_i·w_ij/W_i ÷ t_j, in (0, 1].';

@ObjectType({ description: 'A follower or engager and its share of the profile\'s trust.' })
export class FarcasterTrustContributor {
  @Field(() => FarcasterUser, { description: 'The contributor.' }) user!: FarcasterUser;
  @Field(() => Float, { description: SHARE }) share!: number;
}

@ObjectType({ description: 'A follower or engager and its share of the profile\'s trust.' })
export class LensTrustContributor {
  @Field(() => LensProfile, { description: 'The contributor.' }) profile!: LensProfile;
  @Field(() => Float, { description: SHARE }) share!: number;
}

const OTHER = 'Share of all contributors beyond the listed ones.';
const PRETRUST = 'Share of the jump back to pretrust (teleport 1 − α, plus the trust of profiles with no outgoing edge, spread like pretrust). The contributors\' shares, otherShare and pretrustShare sum to 1.';

@ObjectType({ description: 'Who a Farcaster user\'s trust comes from, as of the last analytics refresh.' })
export class FarcasterTrustExplanation {
  @Field(() => [FarcasterTrustContributor], { description: 'The 20 largest contributors (followers under FOLLOWS, engagers under ENGAGEMENT), largest share first, ties by fid.' })
  contributors!: FarcasterTrustContributor[];
  @Field(() => Float, { description: OTHER }) otherShare!: number;
  @Field(() => Float, { description: PRETRUST }) pretrustShare!: number;
}

@ObjectType({ description: 'Who a Lens profile\'s trust comes from, as of the last analytics refresh.' })
export class LensTrustExplanation {
  @Field(() => [LensTrustContributor], { description: 'The 20 largest contributors (followers under FOLLOWS, engagers under ENGAGEMENT), largest share first, ties by id.' })
  contributors!: LensTrustContributor[];
  @Field(() => Float, { description: OTHER }) otherShare!: number;
  @Field(() => Float, { description: PRETRUST }) pretrustShare!: number;
}

const trustFields = {
  strategy: 'The strategy this is.',
  score: 'The score in [0, 1], the top profile under the strategy scaled to 1 (FOLLOWS: the same as graphScore).',
  rank: 'Position among all profiles of the protocol under the strategy: 1 is highest, equal scores share a rank and the next rank skips.',
  profiles: 'Profiles the strategy ranked.',
};

@ObjectType({ description: 'A Farcaster user\'s trust under a strategy, as of the last analytics refresh.' })
export class FarcasterTrust {
  @Field(() => TrustStrategyChoice, { description: trustFields.strategy }) strategy!: string;
  @Field(() => Float, { description: trustFields.score }) score!: number;
  @Field(() => Int, { description: trustFields.rank }) rank!: number;
  @Field(() => PercentileBand, { description: 'The band rank ÷ profiles falls in.' }) percentileCategory!: string;
  @Field(() => Int, { description: trustFields.profiles }) profiles!: number;
  @Field(() => TrustParameters, { description: 'What the strategy ran with.' }) parameters!: TrustParameters;
  @Field(() => FarcasterTrustExplanation, { description: 'Who the trust comes from.' }) explanation!: FarcasterTrustExplanation;
}

@ObjectType({ description: 'A Lens profile\'s trust under a strategy, as of the last analytics refresh.' })
export class LensTrust {
  @Field(() => TrustStrategyChoice, { description: trustFields.strategy }) strategy!: string;
  @Field(() => Float, { description: trustFields.score }) score!: number;
  @Field(() => Int, { description: trustFields.rank }) rank!: number;
  @Field(() => PercentileBand, { description: 'The band rank ÷ profiles falls in.' }) percentileCategory!: string;
  @Field(() => Int, { description: trustFields.profiles }) profiles!: number;
  @Field(() => TrustParameters, { description: 'What the strategy ran with.' }) parameters!: TrustParameters;
  @Field(() => LensTrustExplanation, { description: 'Who the trust comes from.' }) explanation!: LensTrustExplanation;
}

@ObjectType({ description: 'The five ranks of a profile at one analytics refresh, each with its percentile band.' })
export class RankHistoryPoint {
  @Field(() => Int, { description: 'The analytics generation the refresh wrote.' }) generation!: number;
  @Field(() => Date, { description: 'The as-of time of that refresh (its data\'s newest event).' }) asOf!: Date;
  @Field(() => Date, { description: 'When the refresh ran; the range and the retention are by this time.' }) refreshedAt!: Date;
  @Field(() => Int, { description: 'Profiles ranked at that refresh (what the bands divide by).' }) profiles!: number;
  @Field(() => RankEntry, { description: 'By followers.' }) followerRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By engagement received.' }) engagementRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By score (Farcaster graph score, Lens classifier score).' }) scoreRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By likes received.' }) likesRank!: RankEntry;
  @Field(() => RankEntry, { description: 'By collects received (Lens), recasts received (Farcaster).' }) collectRank!: RankEntry;
}

@ObjectType({ description: 'A profile\'s ranks at each analytics refresh of a range, kept RANK_HISTORY_DAYS.' })
export class RankHistory {
  @Field(() => DateScalar, { nullable: true, description: 'First UTC day asked (null: from the oldest point kept).' }) from!: string | null;
  @Field(() => DateScalar, { nullable: true, description: 'Last UTC day asked (null: up to the last refresh).' }) to!: string | null;
  @Field(() => Int, { description: 'Points in the range; `points` holds the newest `first` of them.' }) totalCount!: number;
  @Field(() => [RankHistoryPoint], { description: 'One point per refresh (at most one per RANK_HISTORY_INTERVAL_MINUTES), oldest first.' }) points!: RankHistoryPoint[];
}
