// The personalized rank's answer: a connection of ranked profiles (score and
// place on each edge) that also states the seed set, the radius, the error
// bound and the work done. One edge and connection type per protocol.
import { Field, Float, Int, ObjectType, type ClassType } from 'type-graphql';
import { MAX_RANKED } from '../../queries/personalized-rank';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { FarcasterUser } from './farcaster-user.type';
import { LensProfile } from './lens-profile.type';

const SCORE = 'Estimated personalized PageRank of this profile from the seeds: its share of the seeds\' trust (all shares, seeds included, sum to 1). A lower bound, short of the exact value by at most the answer\'s `errorBound`.';
const RANK = '1-based place in the list: highest score first, ties by id ascending (numeric).';

function RankEdge<T extends object>(Node: ClassType<T>) {
  @ObjectType()
  abstract class RankEdgeClass extends Edge(Node) {
    @Field(() => Int, { description: RANK }) rank!: number;
    @Field(() => Float, { description: SCORE }) score!: number;
  }
  return RankEdgeClass;
}

/** The fields every rank answer carries besides its page. */
function RankConnection<E extends object>(EdgeType: ClassType<E>) {
  @ObjectType()
  abstract class RankConnectionClass extends Connection(EdgeType, {
    totalCount: `The profiles listed: those other than the seeds with a positive estimate, at most the best ${MAX_RANKED}.`,
    paged: OFFSET_PAGED,
  }) {
    @Field(() => Int, { description: 'The radius used: only profiles within this many follows of a seed were ranked, on the follows between them. The one asked, or smaller when reading the next level\'s follows to find the neighbourhood would take more than three quarters of the work cap (the answer is then exactly the one asked with this radius).' }) hops!: number;
    @Field(() => Float, { description: 'Damping: the share of trust passed along follows at each step (the rest returns to the seeds); the global score\'s 0.85.' }) alpha!: number;
    @Field(() => Float, { description: 'Push threshold ε per follow: the walk stopped once every profile\'s undistributed trust was at most ε times its follows in the neighbourhood.' }) epsilon!: number;
    @Field(() => Float, { description: 'The L1 distance between these estimates and the exact rank, exactly (the trust not yet distributed): every score is below its exact value by at most this much, and the exact scores of the whole neighbourhood sum to this much more than the estimates.' }) errorBound!: number;
    @Field(() => Boolean, { description: 'Whether the threshold ε was reached; false when the work cap stopped the walk first (large neighbourhoods), in which case `errorBound` is larger but still exact.' }) converged!: boolean;
    @Field(() => Int, { description: 'Profiles other than the seeds with a positive estimate (the list holds the best of them).' }) reached!: number;
    @Field(() => Int, { description: 'Profiles within `hops` follows of a seed, seeds included: the neighbourhood ranked.' }) neighbourhood!: number;
    @Field(() => Int, { description: 'Work done: pushes (a profile handing on its trust).' }) pushes!: number;
    @Field(() => Int, { description: 'Work done: follows scanned by those pushes.' }) pushedFollows!: number;
    @Field(() => Int, { description: 'The analytics generation of the follow graph ranked: the rank is as of that refresh.' }) generation!: number;
  }
  return RankConnectionClass;
}

@ObjectType({ description: 'A user in a personalized rank: its score and place.' })
export class FarcasterPersonalizedRankEdge extends RankEdge(FarcasterUser) {}

@ObjectType({ description: `Users ranked by personalized PageRank from a seed set (forward push on the follows within \`hops\` of the seeds), best first, ties by fid; offset-paged (cursors are positions, \`page\` addresses the same slices). With the bound on the error and the work done.` })
export class FarcasterPersonalizedRankConnection extends RankConnection(FarcasterPersonalizedRankEdge) {
  @Field(() => [Int], { description: 'The distinct seeds, ascending.' }) seeds!: number[];
}

@ObjectType({ description: 'A profile in a personalized rank: its score and place.' })
export class LensPersonalizedRankEdge extends RankEdge(LensProfile) {}

@ObjectType({ description: `Profiles ranked by personalized PageRank from a seed set (forward push on the follows within \`hops\` of the seeds), best first, ties by id (numeric); offset-paged (cursors are positions, \`page\` addresses the same slices). With the bound on the error and the work done.` })
export class LensPersonalizedRankConnection extends RankConnection(LensPersonalizedRankEdge) {
  @Field(() => [LensProfileIdScalar], { description: 'The distinct seeds, canonical, by numeric value.' }) seeds!: string[];
}
