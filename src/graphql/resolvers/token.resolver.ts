// Tokens: daily cashtag mentions, the posts behind them,
// and imported tokens with stats. Nested token fields go through the request's
// token loaders: a list of any length costs one statement per field.
import { Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import {
  findToken, mentionsOfTheDay, symbolMentionSeries, symbolPosts, symbolPublications, tokenIdPosts, tokenIdPublications, trendingTokensOfDay,
} from '../../queries/tokens';
import {
  MentionSeriesArgs, TokenArgs, TokenMentionsArgs, TokenPostPageArgs, TokenPostsArgs, TokenPublicationPageArgs, TokenPublicationsArgs, TrendingTokensArgs,
} from '../args/token.args';
import type { Context } from '../context.type';
import { connectionOf } from '../types/connection.type';
import { TokenMention, TokenMentionDay, TokenPostConnection, TokenPublication, toTokenMention, toTokenPublication } from '../types/token-mention.type';
import { globalId } from '../node/global-id';
import {
  Token, TokenCategory, TokenMarket, TokenPrice, toToken, toTokenCategory, toTokenMarket, toTokenPrice,
} from '../types/token.type';

@Resolver(() => Token)
export class TokenResolver {
  @Query(() => [TokenMention], { description: 'Symbols mentioned on the UTC day (default the newest day with mentions), most posts first, then symbol.' })
  async tokenMentions(@Args(() => TokenMentionsArgs) { date }: TokenMentionsArgs, @Ctx() ctx: Context): Promise<TokenMention[]> {
    return (await mentionsOfTheDay(ctx.db, date)).map(toTokenMention);
  }

  @Query(() => [TokenPublication], {
    description: 'Live posts mentioning a token (a token-mention id or a symbol), newest first, then postId; one 1-based `page` of `limit`; NOT_FOUND for an unknown tokenId.',
    deprecationReason: 'Use tokenPosts',
  })
  async tokenPublications(@Args(() => TokenPublicationsArgs) { tokenId, date, page, limit }: TokenPublicationsArgs, @Ctx() ctx: Context): Promise<TokenPublication[]> {
    return (await tokenIdPublications(ctx.db, ctx.loaders.tokens, tokenId, date, page, limit)).map(toTokenPublication);
  }

  @Query(() => TokenPostConnection, {
    description: 'Live posts mentioning a token (a token-mention id or a symbol), newest first, then postId; NOT_FOUND for an unknown tokenId.',
  })
  async tokenPosts(@Args(() => TokenPostsArgs) { tokenId, date, ...paging }: TokenPostsArgs, @Ctx() ctx: Context) {
    const page = await tokenIdPosts(ctx.db, ctx.loaders.tokens, tokenId, date, paging);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({ cursor, node: toTokenPublication(row) })));
  }

  @Query(() => Token, {
    nullable: true,
    description: 'An imported token by symbol (any case) and optional chain; null when none. A symbol on several chains needs `chain` (else BAD_USER_INPUT naming them).',
  })
  async token(@Args(() => TokenArgs) { symbol, chain }: TokenArgs, @Ctx() ctx: Context): Promise<Token | null> {
    const row = await findToken(ctx.loaders.tokens, symbol, chain);
    return row ? toToken(row) : null;
  }

  @Query(() => [Token], {
    description: 'Top-N: the `limit` tokens most mentioned on the UTC day (default the newest day with mentions), then symbol, then chain (not paged); tokens without imported stats left out.',
  })
  async trendingTokens(@Args(() => TrendingTokensArgs) { date, limit, chain }: TrendingTokensArgs, @Ctx() ctx: Context): Promise<Token[]> {
    return (await trendingTokensOfDay(ctx.db, date, chain, limit)).map(toToken);
  }

  @FieldResolver(() => [TokenCategory], { description: 'By id.' })
  async categories(@Root() t: Token, @Ctx() ctx: Context): Promise<TokenCategory[]> {
    return (await ctx.loaders.tokens.categories.load(t.nativeId)).map(toTokenCategory);
  }

  @FieldResolver(() => [TokenMarket], { description: 'By id.' })
  async markets(@Root() t: Token, @Ctx() ctx: Context): Promise<TokenMarket[]> {
    return (await ctx.loaders.tokens.markets.load(t.nativeId)).map(toTokenMarket);
  }

  @FieldResolver(() => TokenPrice, { nullable: true, description: 'The newest price row (by createdAt, then id); null when none.' })
  async price(@Root() t: Token, @Ctx() ctx: Context): Promise<TokenPrice | null> {
    const row = await ctx.loaders.tokens.price.load(t.nativeId);
    return row ? toTokenPrice(row) : null;
  }

  @FieldResolver(() => [TokenMentionDay], {
    description: 'Daily mentions of the symbol, one entry per UTC day of from..to (at most 366), zeros filled; default the 30 days up to the newest day with mentions.',
  })
  async mentions(@Root() t: Token, @Args(() => MentionSeriesArgs) { from, to }: MentionSeriesArgs, @Ctx() ctx: Context): Promise<TokenMentionDay[]> {
    const days = await symbolMentionSeries(ctx.loaders.tokens, t.symbol, from, to);
    return days.map((d) => ({ ...d, mentionId: d.id === null ? null : globalId('TokenMention', d.id) }));
  }

  @FieldResolver(() => TokenPostConnection, { description: 'Live posts mentioning the symbol (on `date`, else any day), newest first, then postId.' })
  async posts(@Root() t: Token, @Args(() => TokenPostPageArgs) { date, ...paging }: TokenPostPageArgs, @Ctx() ctx: Context) {
    const page = await symbolPosts(ctx.loaders.tokens, t.symbol, date, paging);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({ cursor, node: toTokenPublication(row) })));
  }

  @FieldResolver(() => [TokenPublication], {
    description: 'Live posts mentioning the symbol (on `date`, else any day), newest first, then postId; one 1-based `page` of `limit`.',
    deprecationReason: 'Use posts',
  })
  async publications(@Root() t: Token, @Args(() => TokenPublicationPageArgs) { date, page, limit }: TokenPublicationPageArgs, @Ctx() ctx: Context): Promise<TokenPublication[]> {
    return (await symbolPublications(ctx.loaders.tokens, t.symbol, date, page, limit)).map(toTokenPublication);
  }
}
