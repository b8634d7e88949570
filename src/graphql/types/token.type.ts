// Tokens with stats: an imported token row with its categories, markets and
// newest price (nested fields, resolved through the token loaders).
import { Field, Int, ObjectType } from 'type-graphql';
import type { TokenCategoryRow, TokenMarketRow, TokenPriceRow, TokenRow } from '../../repositories/token.repository';
import { DateScalar } from '../scalars/date.scalar';

@ObjectType({ description: 'An imported token. Its symbol links it to cashtag mentions, case-insensitively.' })
export class Token {
  @Field(() => Int) id!: number;
  @Field(() => String) chain!: string;
  @Field(() => String, { description: 'As imported.' }) symbol!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Int, { nullable: true }) decimals!: number | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) image!: string | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) twitter!: string | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) telegram!: string | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) website!: string | null;
  @Field(() => DateScalar, { nullable: true }) genesisDate!: string | null;
  @Field(() => String, { description: 'Contract address (EVM addresses lowercase 0x…).' }) address!: string;
  @Field(() => Int, { nullable: true }) buyers!: number | null;
}

export const toToken = (r: TokenRow): Token => ({
  id: r.id, chain: r.chain, symbol: r.symbol, name: r.name, description: r.description, decimals: r.decimals,
  image: r.image, twitter: r.twitter, telegram: r.telegram, website: r.website, genesisDate: r.genesis_date,
  address: r.address, buyers: r.buyers,
});

@ObjectType({ description: 'A category of a token, as imported.' })
export class TokenCategory {
  @Field(() => Int) id!: number;
  @Field(() => String) address!: string;
  @Field(() => String) chain!: string;
  @Field(() => String, { description: 'The category. Spelled as the earlier service spelled it, since its clients depend on it; `category` is the same value.' }) catergory!: string;
  @Field(() => String, { description: 'Same as catergory, spelled correctly (GraphQL only).' }) category!: string;
  @Field(() => String, { description: 'The token id, as a decimal string.' }) tokenId!: string;
}

export const toTokenCategory = (r: TokenCategoryRow): TokenCategory => ({
  id: r.id, address: r.address, chain: r.chain, catergory: r.category, category: r.category, tokenId: String(r.token_id),
});

@ObjectType({ description: 'A market the token trades on, as imported.' })
export class TokenMarket {
  @Field(() => Int) id!: number;
  @Field(() => String) address!: string;
  @Field(() => String) chain!: string;
  @Field(() => String) identifier!: string;
  @Field(() => String, { description: 'The token id, as a decimal string.' }) tokenId!: string;
}

export const toTokenMarket = (r: TokenMarketRow): TokenMarket => ({
  id: r.id, address: r.address, chain: r.chain, identifier: r.identifier, tokenId: String(r.token_id),
});

@ObjectType({ description: 'The newest price row of a token. Decimals are strings exactly as imported; null when absent.' })
export class TokenPrice {
  @Field(() => Int) id!: number;
  @Field(() => String) address!: string;
  @Field(() => String) chain!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => String, { description: 'The token id, as a decimal string.' }) tokenId!: string;
  @Field(() => String) priceUsd!: string;
  @Field(() => String, { nullable: true }) ath!: string | null;
  @Field(() => String, { nullable: true }) atl!: string | null;
  @Field(() => String, { nullable: true }) marketCap!: string | null;
  @Field(() => String, { nullable: true }) priceChangePercentage24h!: string | null;
  @Field(() => String, { nullable: true }) priceChangePercentage7d!: string | null;
  @Field(() => String, { nullable: true }) priceChangePercentage14d!: string | null;
  @Field(() => String, { nullable: true }) priceChangePercentage30d!: string | null;
  @Field(() => String, { nullable: true }) priceChangePercentage60d!: string | null;
  @Field(() => String, { nullable: true }) priceChangePercentage200d!: string | null;
  @Field(() => String, { nullable: true }) priceChangePercentage1y!: string | null;
}

export const toTokenPrice = (r: TokenPriceRow): TokenPrice => ({
  id: r.id, address: r.address, chain: r.chain, createdAt: r.created_at, tokenId: String(r.token_id), priceUsd: r.price_usd,
  ath: r.ath, atl: r.atl, marketCap: r.market_cap,
  priceChangePercentage24h: r.price_change_percentage_24h, priceChangePercentage7d: r.price_change_percentage_7d,
  priceChangePercentage14d: r.price_change_percentage_14d, priceChangePercentage30d: r.price_change_percentage_30d,
  priceChangePercentage60d: r.price_change_percentage_60d, priceChangePercentage200d: r.price_change_percentage_200d,
  priceChangePercentage1y: r.price_change_percentage_1y,
});
