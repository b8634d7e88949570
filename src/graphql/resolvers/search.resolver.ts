import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { postgresSearchBackend, type PostSearchRow, type SearchBackend } from '../../queries/search-backend';
import { searchPosts, searchUsers } from '../../queries/search';
import { SearchPostsArgs, SearchUsersArgs } from '../args/search.args';
import type { Context } from '../context.type';
import { globalId } from '../node/global-id';
import { farcasterUserMap, lensProfileMap } from '../profile-lookup';
import { connectionOf } from '../types/connection.type';
import type { FarcasterCast } from '../types/farcaster-cast.type';
import type { LensPublication } from '../types/lens-activity.type';
import type { ProfileSummary } from '../types/profile-summary.type';
import { PostSearchConnection, UserSearchConnection } from '../types/search.type';

/** The app's backend (SEARCH_BACKEND), else the default over the request's database. */
const backendOf = (ctx: Context): SearchBackend => ctx.search ?? postgresSearchBackend(ctx.db);

/** The accounts of a page by protocol and id, loaded in one batch per protocol. */
async function accountsOf(ctx: Context, keys: { protocol: string; id: string }[]) {
  const fids = keys.filter((k) => k.protocol === 'farcaster').map((k) => Number(k.id));
  const lensIds = keys.filter((k) => k.protocol === 'lens').map((k) => k.id);
  const [users, profiles] = await Promise.all([farcasterUserMap(ctx, fids), lensProfileMap(ctx, lensIds)]);
  return (protocol: string, id: string): ProfileSummary | undefined => (protocol === 'farcaster' ? users.get(Number(id)) : profiles.get(id));
}

function postOf(r: PostSearchRow): FarcasterCast | LensPublication {
  if (r.protocol === 'farcaster') {
    return {
      id: globalId('FarcasterCast', r.id), hash: r.id, fid: Number(r.author_id), text: r.text, timestamp: r.timestamp, parentFid: r.parent_fid,
      parentHash: r.parent_hash, parentUrl: r.parent_url, quotedHash: r.quoted_hash, quotedFid: r.quoted_fid,
    };
  }
  return {
    publicationId: r.id, profileId: r.author_id, type: r.publication_type ?? 'POST', parentPublicationId: r.parent_publication_id, timestamp: r.timestamp,
    reactionCount: r.reactions, commentCount: r.comments, quoteCount: r.quotes, mirrorCount: r.mirrors, collectCount: r.collects,
  };
}

@Resolver()
export class SearchResolver {
  @Query(() => UserSearchConnection, {
    description: 'Accounts of both protocols whose usernames, fnames, ENS names, basenames, Lens handles or display names match the query: exact, prefix, substring or a near spelling, ranked by how well they match and by trust (graph score). Each edge says which name matched and how.',
  })
  async searchUsers(@Args(() => SearchUsersArgs) args: SearchUsersArgs, @Ctx() ctx: Context) {
    const page = await searchUsers(backendOf(ctx), args);
    const accountOf = await accountsOf(ctx, page.items.map((i) => i.row));
    return connectionOf(page, page.items.flatMap(({ row, cursor }) => {
      const node = accountOf(row.protocol, row.id);
      return node ? [{
        cursor, node,
        match: { protocol: row.protocol, field: row.field, name: row.name, kind: row.kind, similarity: row.similarity, trust: row.trust, score: row.score },
      }] : [];
    }));
  }

  @Query(() => PostSearchConnection, {
    description: 'Casts and Lens publications matching the query\'s words, "phrases", $cashtags and @mentions, under the filters, ranked by relevance × engagement with a decay halving every 7 days. Each edge carries the text with the matched words marked.',
  })
  async searchPosts(@Args(() => SearchPostsArgs) args: SearchPostsArgs, @Ctx() ctx: Context) {
    const page = await searchPosts(backendOf(ctx), args);
    const authorOf = await accountsOf(ctx, page.items.map((i) => ({ protocol: i.row.protocol, id: i.row.author_id })));
    return connectionOf(page, page.items.map(({ row, cursor }) => ({
      cursor, node: postOf(row),
      match: {
        protocol: row.protocol, text: row.text, highlight: row.highlight, relevance: row.relevance, engagement: row.engagement, score: row.score,
        author: authorOf(row.protocol, row.author_id) ?? null,
      },
    })));
  }
}
