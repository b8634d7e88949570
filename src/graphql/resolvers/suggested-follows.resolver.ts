// Who to follow, one query per protocol, and the dismissals of the calling key.
// The list is computed on the request (queries/suggested-follows.ts); the
// resolver turns its ids into profiles, one profile batch per protocol for the
// page's accounts, the named follows and the cross-protocol accounts together.
import { Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { ProtocolName } from '../../domain/protocols';
import { reasonKinds, reasonText, suggestedFollowsPage, type SuggestionItem } from '../../queries/suggested-follows';
import { dismissSuggestion, undismissSuggestion, type DismissalAnswer } from '../../queries/suggestion-dismissals';
import { DismissSuggestionArgs, FarcasterSuggestedFollowsArgs, LensSuggestedFollowsArgs } from '../args/suggested-follows.args';
import type { Context } from '../context.type';
import { Protocol } from '../enums/public-enums';
import { farcasterUserMap, lensProfileMap } from '../profile-lookup';
import { connectionOf } from '../types/connection.type';
import type { FarcasterUser } from '../types/farcaster-user.type';
import type { LensProfile } from '../types/lens-profile.type';
import {
  FarcasterSuggestedFollowConnection, LensSuggestedFollowConnection, SuggestionDismissal, SuggestionReasonKind,
} from '../types/suggested-follows.type';

type Id = number | string;
type Profile = FarcasterUser | LensProfile;

const farcasterName = (u: FarcasterUser) => u.username ?? `fid ${u.fid}`;
const lensName = (p: LensProfile) => p.handle?.localName ?? p.profileId;

const exists = (ctx: Context, protocol: ProtocolName) => async (id: Id) =>
  (protocol === 'farcaster' ? await ctx.loaders.farcasterProfile.load(id as number) : await ctx.loaders.lensProfile.load(id as string)) !== null;

async function suggestionsOf(ctx: Context, protocol: ProtocolName, args: FarcasterSuggestedFollowsArgs | LensSuggestedFollowsArgs) {
  const { viewer, minQuality, ...paging } = args;
  const answer = await suggestedFollowsPage({ db: ctx.db, store: ctx.rankGraphs, states: ctx.loaders.protocolState, exists: exists(ctx, protocol) },
    protocol, ctx.apiKey.id, viewer, paging, minQuality);
  const { page } = answer;
  const items = page.items.map((i) => i.row);
  const same = [...items.map((i) => i.id), ...items.flatMap((i) => i.followedBy.top)];
  const others = items.flatMap((i) => (i.via === null ? [] : [i.via]));
  const farcaster = protocol === 'farcaster';
  const [mine, theirs] = await Promise.all(farcaster
    ? [farcasterUserMap(ctx, same as number[]), lensProfileMap(ctx, others as string[])]
    : [lensProfileMap(ctx, same as string[]), farcasterUserMap(ctx, others as number[])]) as [Map<Id, Profile>, Map<Id, Profile>];
  const name = (p: Profile) => ('fid' in p ? farcasterName(p) : lensName(p));
  const reasonsOf = (item: SuggestionItem) => reasonKinds(item).map((kind) => {
    const accounts = kind === 'FOLLOWED_BY_FOLLOWS' ? item.followedBy.top.flatMap((id) => { const p = mine.get(id); return p ? [p] : []; }) : [];
    return {
      kind: SuggestionReasonKind[kind], count: kind === 'FOLLOWED_BY_FOLLOWS' ? item.followedBy.count : 0, accounts,
      crossProtocolAccount: kind === 'CROSS_PROTOCOL' ? theirs.get(item.via as Id) ?? null : null,
      text: reasonText(kind, item.followedBy.count, accounts.map(name), farcaster ? 'lens' : 'farcaster'),
    };
  });
  const edges = page.items.flatMap(({ cursor, row }) => {
    const node = mine.get(row.id);
    if (!node) return [];
    const reasons = reasonsOf(row);
    return [{ cursor, node, score: row.score, reasons, reason: reasons.map((r) => r.text).join('; ') }];
  });
  if (answer.stale) ctx.answerNotCacheable = true;
  return Object.assign(connectionOf(page, edges), { generation: answer.generation });
}

const SUGGEST = (who: string, id: string) => `${who} for the viewer to follow (who to follow): its personalized PageRank within two follows, from the follow graph of the current analytics generation, and, for a viewer matched on both protocols, the accounts whose other-protocol account it follows there. Each with its reasons, counted on the live follows. Leaves out the viewer, what it follows live and what the calling key dismissed for it (dismissSuggestion). Null with NOT_FOUND for an unknown viewer (${id}); BAD_USER_INPUT for minQuality outside 0..1. Its CPU work costs 2000 answer nodes in the query cost, besides its page.`;

const toDismissal = (a: DismissalAnswer) => ({ ...a, protocol: a.protocol as Protocol, viewer: String(a.viewer), target: String(a.target) });

@Resolver()
export class SuggestedFollowsResolver {
  @Query(() => FarcasterSuggestedFollowConnection, { nullable: true, description: SUGGEST('Farcaster users', 'an fid') })
  async farcasterSuggestedFollows(@Args(() => FarcasterSuggestedFollowsArgs) args: FarcasterSuggestedFollowsArgs, @Ctx() ctx: Context) {
    return suggestionsOf(ctx, 'farcaster', args);
  }

  @Query(() => LensSuggestedFollowConnection, { nullable: true, description: SUGGEST('Lens profiles', 'a profile id') })
  async lensSuggestedFollows(@Args(() => LensSuggestedFollowsArgs) args: LensSuggestedFollowsArgs, @Ctx() ctx: Context) {
    return suggestionsOf(ctx, 'lens', args);
  }

  @Mutation(() => SuggestionDismissal, { description: 'Dismisses a suggestion for a viewer, for the calling key only: the target is no longer among the viewer\'s suggested follows for this key (other keys are unaffected). Dismissing again is a no-op. At most 1000 per key, viewer and protocol (BAD_USER_INPUT past it: undismiss some first).' })
  async dismissSuggestion(@Args(() => DismissSuggestionArgs) args: DismissSuggestionArgs, @Ctx() ctx: Context) {
    return toDismissal(await dismissSuggestion({ sql: ctx.db.sql, apiKeyId: ctx.apiKey.id, exists: exists(ctx, args.protocol) }, args.protocol, args.viewer, args.target));
  }

  @Mutation(() => SuggestionDismissal, { description: 'Takes back a dismissal of the calling key: the target may be suggested to the viewer again. Not dismissed is no error.' })
  async undismissSuggestion(@Args(() => DismissSuggestionArgs) args: DismissSuggestionArgs, @Ctx() ctx: Context) {
    return toDismissal(await undismissSuggestion({ sql: ctx.db.sql, apiKeyId: ctx.apiKey.id, exists: exists(ctx, args.protocol) }, args.protocol, args.viewer, args.target));
  }
}
