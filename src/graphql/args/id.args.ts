import { ArrayMaxSize, ArrayMinSize, IsOptional, Length, Max, Min } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import { NoNul } from './text.validators';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';

/** Id lists (fids, ids) carry 1..100 items. */
export const MAX_IDS = 100;
export const MAX_FID = 2_147_483_647;

@ArgsType()
export class FidArgs {
  @Field(() => Int, { description: `A Farcaster id, 1..${MAX_FID}.` }) @Min(1) @Max(MAX_FID) fid!: number;
}

@ArgsType()
export class FidsArgs {
  @Field(() => [Int], { description: `Farcaster ids, 1..${MAX_IDS} of them, each ≥ 1.` }) @ArrayMinSize(1) @ArrayMaxSize(MAX_IDS) @Min(1, { each: true }) fids!: number[];
}

@ArgsType()
export class LensIdArgs {
  @Field(() => LensProfileIdScalar, { description: 'A Lens profile id in any hex form (`0x1` and `0x01` are one profile).' }) id!: string;
}

@ArgsType()
export class LensIdsArgs {
  @Field(() => [LensProfileIdScalar], { description: `Lens profile ids in any hex form, 1..${MAX_IDS} of them.` }) @ArrayMinSize(1) @ArrayMaxSize(MAX_IDS) ids!: string[];
}

/** An optional id list: absent, null or empty means every profile. */
@ArgsType()
export class OptionalLensIdsArgs {
  @Field(() => [LensProfileIdScalar], { nullable: true, description: `Up to ${MAX_IDS} Lens profile ids; absent, null or [] means every profile.` }) @IsOptional() @ArrayMaxSize(MAX_IDS) ids?: string[] | null;
}

@ArgsType()
export class HandleArgs {
  @Field(() => String, { description: 'A username or its beginning, 1..64 characters, any case (`%` and `_` match literally).' }) @NoNul() @Length(1, 64) handle!: string;
}
