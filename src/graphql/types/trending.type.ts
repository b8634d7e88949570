import { ArrayMaxSize, Max, Min } from 'class-validator';
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import type { Period } from '../../domain/periods';
import type { ProtocolName } from '../../domain/protocols';
import { PAGE_SIZE } from '../../queries/pagination';
import { KnownCategoryIds } from '../args/choice.validators';
import { minQualityField } from '../args/quality.args';
import { ProfileSummary } from './profile-summary.type';
import { GainWindow, Protocol } from '../enums/public-enums';

/** The protocol a trending request without one asks about (REST reads it for its freshness headers). */
export const TRENDING_DEFAULT_PROTOCOL: ProtocolName = 'lens';

/** Every rule of the trending request is here, checked before the resolver runs (REST posts this same input as its body). */
@InputType({ description: 'A trending request: users ranked by trend score = followers gained in the window ÷ (followers at the window\'s start + 10), ties by followers gained, then id; only users who gained at least one follower. The REST face takes this object as the JSON body of POST /api/trending/find.' })
export class TrendingInput {
  @Field(() => Int, { defaultValue: 1, description: '1-based page.' }) @Min(1) page!: number;
  @Field(() => Int, { defaultValue: PAGE_SIZE.default, description: `Users per page, ${PAGE_SIZE.min}..${PAGE_SIZE.max}.` })
  @Min(PAGE_SIZE.min) @Max(PAGE_SIZE.max) limit!: number;
  @Field(() => GainWindow, { defaultValue: GainWindow.WEEK, description: 'The window the gains are counted over.' }) ratio!: Period;
  @Field(() => Protocol, { defaultValue: TRENDING_DEFAULT_PROTOCOL, description: 'Whose users.' }) protocol!: ProtocolName;
  @Field(() => [Int], { defaultValue: [], description: 'Category ids (GET /api/llm/categories): keep users who published in one of them within the window. As of the analytics refresh, like the list itself: the window ends at `analyticsAsOf` and the posts are those classified when the refresh ran.' })
  @ArrayMaxSize(50) @KnownCategoryIds() categories!: number[];
  @minQualityField() minQuality?: number | null;
}

@ObjectType({ description: 'A trending user with its top followers.' })
export class TrendingUser {
  @Field(() => ProfileSummary, { description: 'The user: a FarcasterUser or a LensProfile, as the input\'s protocol says.' }) user!: ProfileSummary;
  @Field(() => [ProfileSummary], { description: 'The user\'s 3 followers with the most followers.' }) topFollowers!: ProfileSummary[];
}

@ObjectType({ description: 'One page of trending users, with the total over all pages.' })
export class TrendingPage {
  @Field(() => [TrendingUser], { description: 'The users of this page, highest trend score first; [] past the last page.' }) users!: TrendingUser[];
  @Field(() => Int, { description: 'The 1-based page asked for.' }) page!: number;
  @Field(() => Int, { description: 'Users who gained at least one follower in the window (and, with `categories`, published in one), over all pages.' }) total!: number;
  @Field(() => Int, { description: 'Pages of `limit` users: ⌈total ÷ limit⌉, 0 when total is 0.' }) totalPages!: number;
}

@ObjectType({ description: 'A trending user with its place in the list.' })
export class TrendingUserEdge extends Edge(TrendingUser) {}

@ObjectType({ description: 'Trending users, best trend score first (then followers gained, then id); offset-paged (cursors are positions, `page` addresses the same slices).' })
export class TrendingUserConnection extends Connection(TrendingUserEdge, {
  totalCount: 'Users who gained at least one follower in the window (in one of the categories, when given).', paged: OFFSET_PAGED,
}) {}
