// Every Node type: how its key is read out of a global id, and how the keys of
// one type are loaded together (one batch through the request's loaders, never
// a statement per id). A key of the right form with no row loads as null.
import { MAX_FID } from '../args/id.args';
import { parseLensProfileId } from '../../domain/ids';
import { PERIODS } from '../../domain/periods';
import { CATEGORIES } from '../../domain/taxonomy';
import { missingScope } from '../../errors/app-error';
import { loadAll } from '../../loaders/load-all';
import { deliveriesByIds, webhooksByIds } from '../../push/webhook.repository';
import type { Context } from '../context.type';
import { toFarcasterChannel, toTrendingChannel } from '../resolvers/channel.resolver';
import { toCollect } from '../resolvers/lens-graph.resolver';
import { toCategory } from '../types/category.type';
import { toFarcasterUser } from '../types/farcaster-user.type';
import { toLensProfile } from '../types/lens-profile.type';
import { toTokenMention } from '../types/token-mention.type';
import { toFarcasterCast } from '../types/farcaster-cast.type';
import { toToken, toTokenCategory, toTokenMarket, toTokenPrice } from '../types/token.type';
import { toDelivery, toWebhook } from '../types/webhook.type';

export interface NodeKind<K> {
  /** The key in an id's text; null when it is not of this type's form (the id is then malformed). */
  parse(key: string): K | null;
  /** One value per key, in key order: the object, or null when there is none (or the key may not see it). */
  load(ctx: Context, keys: readonly K[]): Promise<(object | null)[]>;
}

const kind = <K>(k: NodeKind<K>): NodeKind<unknown> => k;
const mapNull = <R, N>(rows: readonly (R | null)[], to: (r: R) => N) => rows.map((r) => (r === null ? null : to(r)));

const MAX_INT4 = 2_147_483_647;
const intKey = (max: number) => (key: string): number | null => {
  const n = /^[1-9]\d{0,9}$/.test(key) ? Number(key) : NaN;
  return n <= max ? n : null;
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uuidKey = (key: string) => (UUID.test(key) ? key : null);
const textKey = (key: string) => (key.length > 0 ? key : null);

/** Webhooks and their deliveries belong to the calling key, and need its webhooks scope as the `webhook` field does. */
function webhookScope(ctx: Context): void {
  if (!ctx.apiKey.scopes.includes('webhooks')) throw missingScope('webhooks', 'node');
}

const byKey = <K, R>(keys: readonly K[], rows: readonly R[], keyOf: (r: R) => K) => {
  const found = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => found.get(k) ?? null);
};

/** By type name, which is also the id's prefix. */
export const NODE_TYPES: Readonly<Record<string, NodeKind<unknown>>> = {
  FarcasterUser: kind<number>({
    parse: intKey(MAX_FID),
    load: async (ctx, fids) => mapNull(await loadAll(ctx.loaders.farcasterProfile, fids), toFarcasterUser),
  }),
  LensProfile: kind<string>({
    // Only the canonical form: one profile has one id.
    parse: (key) => (parseLensProfileId(key) === key ? key : null),
    load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.lensProfile, ids), toLensProfile),
  }),
  FarcasterChannel: kind<string>({
    parse: textKey,
    load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.channels.channel, ids), toFarcasterChannel),
  }),
  TrendingChannel: kind<{ period: string; channelId: string }>({
    parse: (key) => {
      const colon = key.indexOf(':');
      const period = key.slice(0, colon);
      return colon > 0 && Object.hasOwn(PERIODS, period) && colon < key.length - 1 ? { period, channelId: key.slice(colon + 1) } : null;
    },
    load: async (ctx, keys) => (await loadAll(ctx.loaders.nodes.trendingChannel, keys)).map((r) => (r === null ? null : toTrendingChannel(r.period, r))),
  }),
  Category: kind<number>({
    parse: intKey(MAX_INT4),
    load: async (_ctx, ids) => ids.map((id) => { const c = CATEGORIES.find((x) => x.id === id); return c ? toCategory(c) : null; }),
  }),
  Token: kind<number>({ parse: intKey(MAX_INT4), load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.nodes.token, ids), toToken) }),
  TokenCategory: kind<number>({ parse: intKey(MAX_INT4), load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.nodes.tokenCategory, ids), toTokenCategory) }),
  TokenMarket: kind<number>({ parse: intKey(MAX_INT4), load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.nodes.tokenMarket, ids), toTokenMarket) }),
  TokenPrice: kind<number>({ parse: intKey(MAX_INT4), load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.nodes.tokenPrice, ids), toTokenPrice) }),
  TokenMention: kind<string>({ parse: uuidKey, load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.nodes.tokenMention, ids), toTokenMention) }),
  // Hashes are lowercase hex, as casts carry them.
  FarcasterCast: kind<string>({
    parse: (key) => (/^0x[0-9a-f]{1,64}$/.test(key) ? key : null),
    load: async (ctx, hashes) => mapNull(await loadAll(ctx.loaders.nodes.farcasterCast, hashes), toFarcasterCast),
  }),
  LensCollect: kind<string>({ parse: textKey, load: async (ctx, ids) => mapNull(await loadAll(ctx.loaders.nodes.lensCollect, ids), toCollect) }),
  // A key's webhooks are few and read by no other loader: one statement for all the ids of the request's call.
  Webhook: kind<string>({
    parse: uuidKey,
    load: async (ctx, ids) => { webhookScope(ctx); return mapNull(byKey(ids, await webhooksByIds(ctx.db.sql, ctx.apiKey.id, ids), (w) => w.id), toWebhook); },
  }),
  WebhookDelivery: kind<string>({
    parse: (key) => (/^[1-9]\d{0,17}$/.test(key) ? key : null),
    load: async (ctx, ids) => { webhookScope(ctx); return mapNull(byKey(ids, await deliveriesByIds(ctx.db.sql, ctx.apiKey.id, ids), (d) => d.id), toDelivery); },
  }),
};

/** The Node types, for the schema's lint and the client's type policies. */
export const NODE_TYPE_NAMES = Object.keys(NODE_TYPES);
