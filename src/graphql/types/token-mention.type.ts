// Cashtag mentions: daily counts per symbol and the posts behind them.
import { UUIDResolver } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GLOBAL_ID, Node } from './node.type';
import { globalId } from '../node/global-id';
import { Connection, Edge, OFFSET_PAGED } from './connection.type';
import { dayStart } from '../../domain/days';
import type { MentionRow, TokenPublicationRow } from '../../repositories/token-mentions.repository';
import { Protocol } from '../enums/public-enums';
import { DateScalar } from '../scalars/date.scalar';

@ObjectType({ implements: Node, description: 'A symbol mentioned on a UTC day, with the number of posts mentioning it.' })
export class TokenMention implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => UUIDResolver, { description: 'UUID v5 of `SYMBOL:YYYY-MM-DD`: stable across rebuilds; a tokenId of tokenPublications (what `id` answered before ids were global).' }) nativeId!: string;
  @Field(() => String, { description: 'The symbol, upper-case.' }) token!: string;
  @Field(() => Date, { description: 'Midnight UTC of the day.' }) date!: Date;
  @Field(() => DateScalar, { description: 'The UTC day (GraphQL only).' }) day!: string;
  @Field(() => Int, { description: 'Distinct live posts mentioning it that day (REST prints `post_count` as a decimal string, as the earlier service typed it).' }) postCount!: number;
}

export const toTokenMention = (r: MentionRow): TokenMention => ({
  id: globalId('TokenMention', r.id), nativeId: r.id, token: r.symbol, date: new Date(dayStart(r.day)), day: r.day, postCount: Number(r.post_count),
});

@ObjectType({ description: 'One UTC day of a symbol\'s mention series.' })
export class TokenMentionDay {
  @Field(() => DateScalar, { description: 'The UTC day.' }) date!: string;
  @Field(() => Int, { description: 'Distinct live posts mentioning the symbol that day (0 when none).' }) postCount!: number;
  @Field(() => UUIDResolver, { nullable: true, description: 'The token-mention UUID of that day (TokenMention.nativeId); null on days without mentions (there is no such mention).', deprecationReason: 'Use mentionId (the TokenMention\'s global id) or TokenMention.nativeId: a day of a series is a value with no id of its own.' })
  id!: string | null;
  @Field(() => ID, { nullable: true, description: 'The global id of that day\'s TokenMention (node() refetches it); null on days without mentions.' }) mentionId!: string | null;
}

@ObjectType({ description: 'A live post (cast or Lens publication) mentioning a token.' })
export class TokenPublication {
  @Field(() => String, { description: 'Cast hash (Farcaster) or publication id (Lens).' }) postId!: string;
  @Field(() => Protocol, { description: 'The network the post is on.' }) protocol!: string;
  @Field(() => String, { description: 'fid as decimal text (Farcaster) or Lens profile id.' }) authorId!: string;
  @Field(() => Date, { description: 'When the post was published (UTC).' }) postedAt!: Date;
}

export const toTokenPublication = (r: TokenPublicationRow): TokenPublication => ({
  postId: r.post_id, protocol: r.protocol, authorId: r.author_id, postedAt: r.posted_at,
});

@ObjectType({ description: 'A post mentioning the token, with its place in the list.' })
export class TokenPostEdge extends Edge(TokenPublication) {}

@ObjectType({ description: 'Live posts mentioning a symbol, newest first, then postId; offset-paged (cursors are positions, `page` addresses the same slices).' })
export class TokenPostConnection extends Connection(TokenPostEdge, {
  totalCount: 'All live posts mentioning the symbol (on the day, when one is given).', paged: OFFSET_PAGED,
}) {}
