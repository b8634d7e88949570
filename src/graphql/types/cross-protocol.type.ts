// Across protocols: a person matched on both (a Farcaster user and a Lens
// profile whose owner address the user verified), the audience they share,
// and the combined rank. Lists come from the connection factories.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

@ObjectType({ description: 'A person matched on both protocols: a Farcaster user and a Lens profile owned by one of the user\'s live verified Ethereum addresses. A user or profile with several matches is several persons.' })
export class CrossProtocolPerson {
  @Field(() => Int, { description: 'The Farcaster fid.' }) fid!: number;
  @Field(() => LensProfileIdScalar, { description: 'The Lens profile id.' }) profileId!: string;
  /** Resolved through the request's profile loaders. */
  farcasterUser?: FarcasterUser | null;
  lensProfile?: LensProfile | null;
}

@ObjectType({ description: 'A matched person\'s place in the cross-protocol ranking, as of both protocols\' analytics refreshes.' })
export class CrossProtocolRank extends CrossProtocolPerson {
  @Field(() => Int, { description: '1 is best: by combinedPercentile, highest first, ties by fid then profile id (numeric); every rank is distinct.' }) rank!: number;
  @Field(() => Int, { description: 'Persons ranked (the ranking\'s length).' }) persons!: number;
  @Field(() => Float, { description: 'The mean of farcasterPercentile and lensPercentile.' }) combinedPercentile!: number;
  @Field(() => Float, { description: 'The user\'s graph-score standing on Farcaster: 1 − (its graph-score rank − 1) ÷ profiles ranked; 1 is the best, ties share.' }) farcasterPercentile!: number;
  @Field(() => Float, { description: 'The profile\'s graph-score standing on Lens, computed as farcasterPercentile is.' }) lensPercentile!: number;
  @Field(() => Int, { description: 'The Farcaster analytics generation the rank was computed from (the current one).' }) farcasterGeneration!: number;
  @Field(() => Int, { description: 'The Lens analytics generation the rank was computed from (the current one).' }) lensGeneration!: number;
}

@ObjectType({ description: 'A follower of both sides of the person: its Lens profile follows the person\'s profile, its matched Farcaster user follows the person\'s user.' })
export class AudienceOverlapEdge extends Edge(CrossProtocolPerson) {}

@ObjectType({ description: 'The audience a matched person shares across protocols: matched persons (fid, profile) whose profile follows the person\'s Lens profile and whose user follows the person\'s Farcaster user, both live; the person\'s own ids never listed. By fid ascending, then profile id (numeric); offset-paged (cursors are positions, `page` addresses the same slices).' })
export class AudienceOverlapConnection extends Connection(AudienceOverlapEdge, {
  totalCount: 'Followers on both sides (matched pairs): the items the pages walk, read live.',
  paged: OFFSET_PAGED,
}) {
  @Field(() => Int, { description: 'Matched followers of the Lens profile whose user does not follow the Farcaster user (from a stored count per profile, kept in each write\'s transaction, less the person\'s own pairs).' }) lensOnly!: number;
  @Field(() => Int, { description: 'Matched followers of the Farcaster user whose profile does not follow the Lens profile (from a stored count per profile, kept in each write\'s transaction, less the person\'s own pairs).' }) farcasterOnly!: number;
  @Field(() => Int, { description: 'Matched followers on either side: totalCount + lensOnly + farcasterOnly.' }) union!: number;
}

@ObjectType({ description: 'A matched person of the ranking and its place in the list.' })
export class CrossProtocolRankEdge extends Edge(CrossProtocolRank) {}

@ObjectType({ description: 'Every matched person ranked by combined graph-score standing on both protocols, best first; offset-paged (cursors are positions, `page` addresses the same slices).' })
export class CrossProtocolRankConnection extends Connection(CrossProtocolRankEdge, {
  totalCount: 'Persons ranked.',
  paged: OFFSET_PAGED,
}) {}
