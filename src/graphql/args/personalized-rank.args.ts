// Arguments of the personalized rank: the seed set, the ball's radius and the page.
import { ArgsType, Field, Int } from 'type-graphql';
import { DEFAULT_HOPS, MAX_HOPS, MAX_RANKED, MAX_SEEDS } from '../../queries/personalized-rank';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { PagedConnectionArgs } from './connection.args';

// Counts and ranges are checked by the query (checkRankArgs), so both faces word a refusal alike.
const HOPS = `Radius of the ranked neighbourhood in follows from the seeds, 1..${MAX_HOPS}: only profiles this close count, and only follows between them. Larger is broader and slower; the answer's \`errorBound\` says how close the estimate came.`;
const LIST = `The page; the list holds at most the best ${MAX_RANKED}.`;

@ArgsType()
export class FarcasterPersonalizedRankArgs extends PagedConnectionArgs {
  @Field(() => [Int], { description: `The seed set: 1..${MAX_SEEDS} fids (a viewer alone, or a group); duplicates count once. NOT_FOUND names an fid the graph does not hold. ${LIST}` }) seeds!: number[];
  @Field(() => Int, { defaultValue: DEFAULT_HOPS, description: HOPS }) hops!: number;
}

@ArgsType()
export class LensPersonalizedRankArgs extends PagedConnectionArgs {
  @Field(() => [LensProfileIdScalar], { description: `The seed set: 1..${MAX_SEEDS} Lens profile ids in any hex form (a viewer alone, or a group); duplicates count once. NOT_FOUND names an id the graph does not hold. ${LIST}` }) seeds!: string[];
  @Field(() => Int, { defaultValue: DEFAULT_HOPS, description: HOPS }) hops!: number;
}
