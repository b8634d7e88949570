import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';

/** Id lists (fids, ids) carry 1..100 items. */
export const MAX_IDS = 100;
const MAX_FID = 2_147_483_647;

@ArgsType()
export class FidArgs {
  @Field(() => Int) @Min(1) @Max(MAX_FID) fid!: number;
}

@ArgsType()
export class FidsArgs {
  @Field(() => [Int]) @ArrayMinSize(1) @ArrayMaxSize(MAX_IDS) @Min(1, { each: true }) fids!: number[];
}

@ArgsType()
export class LensIdArgs {
  @Field(() => LensProfileIdScalar) id!: string;
}

@ArgsType()
export class LensIdsArgs {
  @Field(() => [LensProfileIdScalar]) @ArrayMinSize(1) @ArrayMaxSize(MAX_IDS) ids!: string[];
}

/** An optional id list: absent, null or empty means every profile. */
@ArgsType()
export class OptionalLensIdsArgs {
  @Field(() => [LensProfileIdScalar], { nullable: true }) @IsOptional() @ArrayMaxSize(MAX_IDS) ids?: string[] | null;
}

@ArgsType()
export class HandleArgs {
  @Field(() => String) @NoNul() @Length(1, 64) handle!: string;
}
