// Arguments of who to follow: the viewer, the page and the quality floor; and of a dismissal.
import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Float, Int } from 'type-graphql';
import { Protocol } from '../enums/public-enums';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { PagedConnectionArgs } from './connection.args';
import { MAX_FID } from './id.args';
import { NoNul } from './text.validators';

const MIN_QUALITY = 'Only accounts whose quality score (how likely a real account, not spam) is at least this, 0..1; an account the last refresh did not score is then left out.';

@ArgsType()
export class FarcasterSuggestedFollowsArgs extends PagedConnectionArgs {
  @Field(() => Int, { description: `The viewer's fid, 1..${MAX_FID}; NOT_FOUND when no user has it.` }) @Min(1) @Max(MAX_FID) viewer!: number;
  @Field(() => Float, { nullable: true, description: MIN_QUALITY }) @IsOptional() @Min(0) @Max(1) minQuality?: number | null;
}

@ArgsType()
export class LensSuggestedFollowsArgs extends PagedConnectionArgs {
  @Field(() => LensProfileIdScalar, { description: 'The viewer\'s Lens profile id, any hex form; NOT_FOUND when no profile has it.' }) viewer!: string;
  @Field(() => Float, { nullable: true, description: MIN_QUALITY }) @IsOptional() @Min(0) @Max(1) minQuality?: number | null;
}

@ArgsType()
export class DismissSuggestionArgs {
  @Field(() => Protocol, { description: 'The protocol of both accounts.' }) protocol!: Protocol;
  @Field(() => String, { description: 'The viewer: a fid in decimal (FARCASTER), a Lens profile id in any hex form (LENS); NOT_FOUND when unknown.' }) @NoNul() viewer!: string;
  @Field(() => String, { description: 'The suggested account, in the same form; not the viewer itself; NOT_FOUND when unknown.' }) @NoNul() target!: string;
}
