// User and post search answers: connections whose edges carry, beside the
// node, how it matched (the field, the kind of match, the score's parts), so a
// client can show why a result is there.
import { createUnionType, Field, Float, Int, ObjectType } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import type { MatchKind, SearchField } from '../../domain/search';
import { NameMatchKind, Protocol, SearchNameField } from '../enums/public-enums';
import { Connection } from './connection.type';
import { FarcasterCast } from './farcaster-cast.type';
import { LensPublication } from './lens-activity.type';
import { ProfileSummary } from './profile-summary.type';

const CURSOR = 'This item\'s place in the list, opaque: pass it as `after` for the items after it or `before` for those before it.';

@ObjectType({ description: 'How an account matched a user search: its best-matching name and the parts of its score.' })
export class UserSearchMatch {
  @Field(() => Protocol, { description: 'The account\'s protocol.' }) protocol!: ProtocolName;
  @Field(() => SearchNameField, { description: 'Which name matched best.' }) field!: SearchField;
  @Field(() => String, { description: 'That name, lower case.' }) name!: string;
  @Field(() => NameMatchKind, { description: 'How it matched.' }) kind!: MatchKind;
  @Field(() => Float, { description: 'Trigram similarity of the query and the name (the larger of pg_trgm\'s similarity and word_similarity), 0..1, to 6 decimals.' }) similarity!: number;
  @Field(() => Float, { description: 'The account\'s graph score at the last analytics refresh (the best-trusted account 1; 0 when not scored).' }) trust!: number;
  @Field(() => Float, { description: 'The rank: tier (EXACT 3, PREFIX 2, SUBSTRING 1, FUZZY 0) + 0.5 × similarity + 0.5 × trust. Results are ordered by it, descending.' }) score!: number;
}

@ObjectType({ description: 'An account found by a user search, with how it matched.' })
export class UserSearchEdge {
  @Field(() => String, { description: CURSOR }) cursor!: string;
  @Field(() => ProfileSummary, { description: 'The account: a FarcasterUser or a LensProfile.' }) node!: ProfileSummary;
  @Field(() => UserSearchMatch, { description: 'How it matched and its score.' }) match!: UserSearchMatch;
}

@ObjectType({ description: 'Accounts matching a user search, best score first (then protocol, then id); keyset-paged either way.' })
export class UserSearchConnection extends Connection(UserSearchEdge, { totalCount: 'Accounts matching the search under its filters, over all pages.' }) {}

export const SearchPost = createUnionType({
  name: 'SearchPost',
  description: 'A post a search found: a Farcaster cast or a Lens publication.',
  types: () => [FarcasterCast, LensPublication] as const,
  resolveType: (value) => ('hash' in value ? 'FarcasterCast' : 'LensPublication'),
});

@ObjectType({ description: 'How a post matched a post search: its text with the matched words marked, and the parts of its score.' })
export class PostSearchMatch {
  @Field(() => Protocol, { description: 'The post\'s protocol.' }) protocol!: ProtocolName;
  @Field(() => String, { description: 'The post\'s text (a cast\'s text, a Lens publication\'s content).' }) text!: string;
  @Field(() => String, { nullable: true, description: 'The text around the matched words, each wrapped in `<b>…</b>` (PostgreSQL ts_headline, the text not HTML-escaped); null when the query has only @mentions.' }) highlight!: string | null;
  @Field(() => Float, { description: 'Text relevance: ts_rank of the post against the words and cashtags (1 when the query has only @mentions).' }) relevance!: number;
  @Field(() => Int, { description: 'Engagement by others: likes + recasts + replies + quotes (Farcaster), upvotes + comments + mirrors + quotes (Lens).' }) engagement!: number;
  @Field(() => Float, { description: 'The rank: ln(relevance) + ln(1 + engagement) + ln 2 × (posted at − 2020-01-01) ÷ 7 days, the logarithm of relevance × (1 + engagement) × a decay halving every 7 days. Results are ordered by it, descending.' }) score!: number;
  @Field(() => ProfileSummary, { nullable: true, description: 'The author; null when its profile no longer loads.' }) author!: ProfileSummary | null;
}

@ObjectType({ description: 'A post found by a post search, with how it matched.' })
export class PostSearchEdge {
  @Field(() => String, { description: CURSOR }) cursor!: string;
  @Field(() => SearchPost, { description: 'The post: a FarcasterCast or a LensPublication.' }) node!: FarcasterCast | LensPublication;
  @Field(() => PostSearchMatch, { description: 'Its highlighted text and its score.' }) match!: PostSearchMatch;
}

@ObjectType({ description: 'Posts matching a post search, best score first (then protocol, then id); keyset-paged either way.' })
export class PostSearchConnection extends Connection(PostSearchEdge, { totalCount: 'Posts matching the search under its filters, over all pages.' }) {}
