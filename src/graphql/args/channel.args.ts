// Arguments of the Farcaster channel fields: a channel by id, trending
// channels over a gain window, trending casts over a cast window.
import { IsOptional, Length, Max, Min } from 'class-validator';
import { ArgsType, Field, Float } from 'type-graphql';
import type { CastWindow as CastWindowValue } from '../../domain/channels';
import type { Period } from '../../domain/periods';
import { CastWindow, GainWindow } from '../enums/public-enums';
import { PagedConnectionArgs } from './connection.args';
import { minQualityField } from './quality.args';
import { NoNul } from './text.validators';

const CHANNEL_ID = 'A channel: its name for a Warpcast channel (`base`; its URL `https://warpcast.com/~/channel/base` is accepted too), else its whole parent URL (`chain://…`); any case.';

@ArgsType()
export class ChannelArgs {
  @Field(() => String, { description: `${CHANNEL_ID} NOT_FOUND when no live cast was in it at the last refresh.` })
  @Length(1, 1000) @NoNul() id!: string;
}

@ArgsType()
export class TrendingChannelsArgs extends PagedConnectionArgs {
  @Field(() => GainWindow, { defaultValue: GainWindow.WEEK, description: 'The window: the last 1, 7 or 30 days up to the refresh\'s as-of time.' }) window!: Period;
}

@ArgsType()
export class TrendingCastsArgs extends PagedConnectionArgs {
  @Field(() => CastWindow, { defaultValue: CastWindow.DAY, description: 'The window the casts were posted in, up to the refresh\'s as-of time.' }) window!: CastWindowValue;
  @Field(() => String, { nullable: true, description: `Only casts posted in this channel (top-level casts carry it). ${CHANNEL_ID} NOT_FOUND when unknown.` })
  @IsOptional() @Length(1, 1000) @NoNul() channel?: string | null;
  @Field(() => Float, { defaultValue: 0, description: 'Only casts whose author\'s global graph score (`graphScore`: 0..1, the best-trusted profile 1) is at least this, as of the refresh; 0 keeps every author. Cuts spam.' })
  @Min(0) @Max(1) minAuthorScore!: number;
  @minQualityField() minQuality?: number | null;
}
