import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { lensScoreAverage } from '../../queries/score-average';
import { OptionalLensIdsArgs } from '../args/id.args';
import type { Context } from '../context.type';
import { ScoreAverage } from '../types/follower-stats.type';

@Resolver()
export class ScoreAverageResolver {
  @Query(() => ScoreAverage, { description: 'Mean lensClassifierScore over all Lens profiles with one, or over the given ids.' })
  async lensScoreAverage(@Args(() => OptionalLensIdsArgs) { ids }: OptionalLensIdsArgs, @Ctx() ctx: Context): Promise<ScoreAverage> {
    return lensScoreAverage(ctx.db, ids);
  }
}
