// The personalized rank of a seed set, one query per protocol: computed on the
// request from the process's in-memory follow graph (queries/rank-graph-store),
// its page's profiles through the profile loaders.
import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { personalizedRankPage, type PersonalizedRankAnswer } from '../../queries/personalized-rank';
import type { ProtocolName } from '../../domain/protocols';
import { FarcasterPersonalizedRankArgs, LensPersonalizedRankArgs } from '../args/personalized-rank.args';
import { PagedConnectionArgs } from '../args/connection.args';
import type { Context } from '../context.type';
import { farcasterUserMap, lensProfileMap } from '../profile-lookup';
import { connectionOf } from '../types/connection.type';
import { FarcasterPersonalizedRankConnection, LensPersonalizedRankConnection } from '../types/personalized-rank.type';

type Id = number | string;

async function rankOf<K extends Id, T>(
  ctx: Context, protocol: ProtocolName, args: { seeds: K[]; hops: number } & PagedConnectionArgs,
  nodes: (ctx: Context, ids: K[]) => Promise<Map<K, T>>,
) {
  const { seeds, hops, ...paging } = args;
  const answer: PersonalizedRankAnswer = await personalizedRankPage(ctx.rankGraphs, ctx.loaders.protocolState, protocol, seeds, hops, paging);
  // An answer from the previous generation's graph (a reload under way) must not be kept under the new data version.
  if (answer.stale) ctx.answerNotCacheable = true;
  const { page, result } = answer;
  const byId = await nodes(ctx, page.items.map((i) => i.row.id as K));
  const edges = page.items.flatMap(({ cursor, row }) => {
    const node = byId.get(row.id as K);
    return node ? [{ cursor, node, rank: row.rank, score: row.score }] : [];
  });
  return Object.assign(connectionOf(page, edges), {
    seeds: answer.seeds, generation: answer.generation, hops: result.hops, alpha: result.alpha, epsilon: result.epsilon,
    errorBound: result.errorBound, converged: result.converged, reached: result.reached, neighbourhood: result.ballNodes,
    pushes: result.pushes, pushedFollows: result.pushedEdges,
  });
}

const RANK = (who: string, id: string) => `${who} ranked for a viewer or a group: personalized PageRank from the seeds (damping 0.85, trust returning to the seeds), restricted to the profiles within \`hops\` follows of them and the follows between them, estimated by forward push; the seeds themselves are not listed. Computed on request from the follow graph of the current analytics generation held in memory, so as of the analytics refresh; \`errorBound\` states the estimate's exact L1 error. Null with NOT_FOUND naming a seed the graph does not hold (${id}); BAD_USER_INPUT for more than 100 seeds or hops outside 1..5; SERVICE_UNAVAILABLE when the server holds no graph (turned off, or over its size bound). Its CPU work costs 2000 answer nodes in the query cost, besides its page.`;

@Resolver()
export class PersonalizedRankResolver {
  @Query(() => FarcasterPersonalizedRankConnection, { nullable: true, description: RANK('Farcaster users', 'an fid') })
  async farcasterPersonalizedRank(@Args(() => FarcasterPersonalizedRankArgs) args: FarcasterPersonalizedRankArgs, @Ctx() ctx: Context) {
    return rankOf(ctx, 'farcaster', args, farcasterUserMap);
  }

  @Query(() => LensPersonalizedRankConnection, { nullable: true, description: RANK('Lens profiles', 'a profile id') })
  async lensPersonalizedRank(@Args(() => LensPersonalizedRankArgs) args: LensPersonalizedRankArgs, @Ctx() ctx: Context) {
    return rankOf(ctx, 'lens', args, lensProfileMap);
  }
}
