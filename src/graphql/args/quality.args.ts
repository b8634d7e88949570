// The minQuality argument every filtered list shares: one description, one rule
// (0..1, a 400 outside on both faces), no filter when absent.
import { IsOptional, Max, Min } from 'class-validator';
import { ArgsType, Field, Float } from 'type-graphql';
import { QUALITY_RANGE } from '../../analytics/quality/model';
import { ConnectionArgs, PagedConnectionArgs } from './connection.args';

export const MIN_QUALITY_DESCRIPTION = `Keep only accounts whose quality score (\`quality.score\`, ${QUALITY_RANGE.min}..${QUALITY_RANGE.max}) is at least this, as of the analytics refresh; `
  + 'an account the refresh did not score (new since) is left out. Absent or null: no filter.';

/** Decorates a class's `minQuality` property as the shared argument or input field. */
export const minQualityField = () => (target: object, property: string) => {
  Field(() => Float, { nullable: true, description: MIN_QUALITY_DESCRIPTION })(target, property);
  IsOptional()(target, property);
  Min(QUALITY_RANGE.min)(target, property);
  Max(QUALITY_RANGE.max)(target, property);
};

@ArgsType()
export class MinQualityArgs {
  @minQualityField() minQuality?: number | null;
}

/** A follower connection (Lens) with the quality filter. */
@ArgsType()
export class FollowerConnectionArgs extends ConnectionArgs {
  @minQualityField() minQuality?: number | null;
}

/** A follower connection that also pages by `page` (Farcaster) with the quality filter; `page` is not taken with minQuality. */
@ArgsType()
export class PagedFollowerConnectionArgs extends PagedConnectionArgs {
  @minQualityField() minQuality?: number | null;
}
