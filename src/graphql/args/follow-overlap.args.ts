// Arguments of the follow lists seen from a viewer and of the unfollower window.
import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { MAX_UNFOLLOW_DAYS } from '../../queries/follow-overlap';
import { DateScalar } from '../scalars/date.scalar';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { ConnectionArgs, PagedConnectionArgs } from './connection.args';
import { MAX_FID } from './id.args';

@ArgsType()
export class FarcasterViewerArgs extends PagedConnectionArgs {
  @Field(() => Int, { description: `The viewer's fid, 1..${MAX_FID}; NOT_FOUND when no user has it.` }) @Min(1) @Max(MAX_FID) viewer!: number;
}

@ArgsType()
export class LensViewerArgs extends PagedConnectionArgs {
  @Field(() => LensProfileIdScalar, { description: 'The viewer\'s Lens profile id, any hex form; NOT_FOUND when no profile has it.' }) viewer!: string;
}

@ArgsType()
export class UnfollowWindowArgs extends ConnectionArgs {
  @Field(() => DateScalar, { nullable: true, description: `First UTC day of the window; default 29 days before \`to\`. At most ${MAX_UNFOLLOW_DAYS} days from \`to\`.` }) from?: string | null;
  @Field(() => DateScalar, { nullable: true, description: 'Last UTC day of the window (included); default the protocol\'s as-of day.' }) to?: string | null;
}
