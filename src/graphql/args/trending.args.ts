import { ArrayMaxSize } from 'class-validator';
import { ArgsType, Field, Int } from 'type-graphql';
import type { Period } from '../../domain/periods';
import type { ProtocolName } from '../../domain/protocols';
import { GainWindow, Protocol } from '../enums/public-enums';
import { TRENDING_DEFAULT_PROTOCOL } from '../types/trending.type';
import { KnownCategoryIds } from './choice.validators';
import { PagedConnectionArgs } from './connection.args';
import { minQualityField } from './quality.args';

/** The trending list as a connection: the filter of TrendingInput, paged like every other list. */
@ArgsType()
export class TrendingArgs extends PagedConnectionArgs {
  @Field(() => Protocol, { defaultValue: TRENDING_DEFAULT_PROTOCOL, description: 'Whose users.' }) protocol!: ProtocolName;
  @Field(() => GainWindow, { defaultValue: GainWindow.WEEK, description: 'The window the gains are counted over.' }) ratio!: Period;
  @Field(() => [Int], { defaultValue: [], description: 'Category ids (see `categories`): keep users who published a live post classified in one of them within the window; [] keeps all. As of the analytics refresh, like the list itself: the window ends at `analyticsAsOf` and the posts are those classified when the refresh ran.' })
  @ArrayMaxSize(50) @KnownCategoryIds() categories!: number[];
  @minQualityField() minQuality?: number | null;
}
