// Tokens with stats: an imported token row with its categories, markets and
// newest price (nested fields, resolved through the token loaders).
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { GLOBAL_ID, Node } from './node.type';
import { globalId } from '../node/global-id';
import type { TokenCategoryRow, TokenMarketRow, TokenPriceRow, TokenRow } from '../../repositories/token.repository';
import { DateScalar } from '../scalars/date.scalar';

@ObjectType({ implements: Node, description: 'An imported token. Its symbol links it to cashtag mentions, case-insensitively.' })
export class Token implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => Int, { description: 'What `id` answered before ids were global: the token id as imported (CoinGecko coins get one derived from their id, from 2^30 up).' }) nativeId!: number;
  @Field(() => String, { description: 'The chain it is on, as imported (e.g. `ethereum`, `base`; `coingecko` for a CoinGecko coin).' }) chain!: string;
  @Field(() => String, { description: 'As imported.' }) symbol!: string;
  @Field(() => String, { description: 'The token\'s name, as imported.' }) name!: string;
  @Field(() => String, { nullable: true, description: 'A short text about the token, as imported; null when none.' }) description!: string | null;
  @Field(() => Int, { nullable: true, description: 'Decimal places of its base unit (18 for most ERC-20 tokens); null when not imported.' }) decimals!: number | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) image!: string | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) twitter!: string | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) telegram!: string | null;
  @Field(() => String, { nullable: true, description: 'URL.' }) website!: string | null;
  @Field(() => DateScalar, { nullable: true, description: 'The UTC day the token launched; null when not imported.' }) genesisDate!: string | null;
  @Field(() => String, { description: 'Contract address (EVM addresses lowercase 0x…).' }) address!: string;
  @Field(() => Int, { nullable: true, description: 'Number of buyers as the token source reports it; null when not imported.' }) buyers!: number | null;
}

export const toToken = (r: TokenRow): Token => ({
  id: globalId('Token', r.id), nativeId: r.id, chain: r.chain, symbol: r.symbol, name: r.name, description: r.description, decimals: r.decimals,
  image: r.image, twitter: r.twitter, telegram: r.telegram, website: r.website, genesisDate: r.genesis_date,
  address: r.address, buyers: r.buyers,
});

@ObjectType({ implements: Node, description: 'A category of a token, as imported.' })
export class TokenCategory implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => Int, { description: 'The category row\'s id, as imported (what `id` answered before ids were global).' }) nativeId!: number;
  @Field(() => String, { description: 'The token\'s contract address (as Token.address).' }) address!: string;
  @Field(() => String, { description: 'The token\'s chain (as Token.chain).' }) chain!: string;
  @Field(() => String, { description: 'The category. Spelled as the earlier service spelled it, since its clients depend on it; `category` is the same value.' }) catergory!: string;
  @Field(() => String, { description: 'Same as catergory, spelled correctly (GraphQL only).' }) category!: string;
  @Field(() => String, { description: 'The token id, as a decimal string.' }) tokenId!: string;
}

export const toTokenCategory = (r: TokenCategoryRow): TokenCategory => ({
  id: globalId('TokenCategory', r.id), nativeId: r.id, address: r.address, chain: r.chain, catergory: r.category, category: r.category, tokenId: String(r.token_id),
});

@ObjectType({ implements: Node, description: 'A market the token trades on, as imported.' })
export class TokenMarket implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => Int, { description: 'The market row\'s id, as imported (what `id` answered before ids were global).' }) nativeId!: number;
  @Field(() => String, { description: 'The token\'s contract address (as Token.address).' }) address!: string;
  @Field(() => String, { description: 'The token\'s chain (as Token.chain).' }) chain!: string;
  @Field(() => String, { description: 'The market, as imported (an exchange or pool name such as `uniswap_v3` or `binance`).' }) identifier!: string;
  @Field(() => String, { description: 'The token id, as a decimal string.' }) tokenId!: string;
}

export const toTokenMarket = (r: TokenMarketRow): TokenMarket => ({
  id: globalId('TokenMarket', r.id), nativeId: r.id, address: r.address, chain: r.chain, identifier: r.identifier, tokenId: String(r.token_id),
});

@ObjectType({ implements: Node, description: 'A price row of a token (Token.price: the newest). Decimals are strings exactly as imported; null when absent.' })
export class TokenPrice implements Node {
  @Field(() => ID, { description: GLOBAL_ID }) id!: string;
  @Field(() => Int, { description: 'The price row\'s id, as imported (what `id` answered before ids were global).' }) nativeId!: number;
  @Field(() => String, { description: 'The token\'s contract address (as Token.address).' }) address!: string;
  @Field(() => String, { description: 'The token\'s chain (as Token.chain).' }) chain!: string;
  @Field(() => Date, { description: 'When the price was recorded (a CoinGecko coin\'s last_updated).' }) createdAt!: Date;
  @Field(() => String, { description: 'The token id, as a decimal string.' }) tokenId!: string;
  @Field(() => String, { description: 'Price of one token in USD: a plain decimal string, never rounded (an imported `5.5e-8` answers `0.000000055`).' }) priceUsd!: string;
  @Field(() => String, { nullable: true, description: 'All-time high price in USD; null when not imported.' }) ath!: string | null;
  @Field(() => String, { nullable: true, description: 'All-time low price in USD; null when not imported.' }) atl!: string | null;
  @Field(() => String, { nullable: true, description: 'Market capitalisation in USD; null when not imported.' }) marketCap!: string | null;
  @Field(() => String, { nullable: true, description: 'Price change over the 24 hours up to createdAt, in percent (`-3.14` is −3.14%); null when not imported.' }) priceChangePercentage24h!: string | null;
  @Field(() => String, { nullable: true, description: 'Price change over the 7 days up to createdAt, in percent (`-3.14` is −3.14%); null when not imported.' }) priceChangePercentage7d!: string | null;
  @Field(() => String, { nullable: true, description: 'Price change over the 14 days up to createdAt, in percent (`-3.14` is −3.14%); null when not imported.' }) priceChangePercentage14d!: string | null;
  @Field(() => String, { nullable: true, description: 'Price change over the 30 days up to createdAt, in percent (`-3.14` is −3.14%); null when not imported.' }) priceChangePercentage30d!: string | null;
  @Field(() => String, { nullable: true, description: 'Price change over the 60 days up to createdAt, in percent (`-3.14` is −3.14%); null when not imported.' }) priceChangePercentage60d!: string | null;
  @Field(() => String, { nullable: true, description: 'Price change over the 200 days up to createdAt, in percent (`-3.14` is −3.14%); null when not imported.' }) priceChangePercentage200d!: string | null;
  @Field(() => String, { nullable: true, description: 'Price change over the year up to createdAt, in percent (`-3.14` is −3.14%); null when not imported.' }) priceChangePercentage1y!: string | null;
}

export const toTokenPrice = (r: TokenPriceRow): TokenPrice => ({
  id: globalId('TokenPrice', r.id), nativeId: r.id, address: r.address, chain: r.chain, createdAt: r.created_at, tokenId: String(r.token_id), priceUsd: r.price_usd,
  ath: r.ath, atl: r.atl, marketCap: r.market_cap,
  priceChangePercentage24h: r.price_change_percentage_24h, priceChangePercentage7d: r.price_change_percentage_7d,
  priceChangePercentage14d: r.price_change_percentage_14d, priceChangePercentage30d: r.price_change_percentage_30d,
  priceChangePercentage60d: r.price_change_percentage_60d, priceChangePercentage200d: r.price_change_percentage_200d,
  priceChangePercentage1y: r.price_change_percentage_1y,
});
