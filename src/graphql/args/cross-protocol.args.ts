// Arguments of the audience overlap: the other side of the matched person.
import { Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { PagedConnectionArgs } from './connection.args';
import { MAX_FID } from './id.args';

@ArgsType()
export class FarcasterAudienceOverlapArgs extends PagedConnectionArgs {
  @Field(() => LensProfileIdScalar, { description: 'A Lens profile matched to this user, any hex form; NOT_FOUND when no profile has it or it is not matched to this user.' }) lensProfile!: string;
}

@ArgsType()
export class LensAudienceOverlapArgs extends PagedConnectionArgs {
  @Field(() => Int, { description: `A fid matched to this profile, 1..${MAX_FID}; NOT_FOUND when no user has it or it is not matched to this profile.` }) @Min(1) @Max(MAX_FID) fid!: number;
}
