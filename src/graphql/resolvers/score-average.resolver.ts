import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { distinct } from '../../loaders/order-by-keys';
import { scoreAverage } from '../../repositories/score-average.repository';
import { OptionalLensIdsArgs } from '../args/id.args';
import type { Context } from '../context.type';
import { ScoreAverage } from '../types/follower-stats.type';

@Resolver()
export class ScoreAverageResolver {
  @Query(() => ScoreAverage, { description: 'Mean lensClassifierScore over all Lens profiles with one, or over the given ids.' })
  async lensScoreAverage(@Args(() => OptionalLensIdsArgs) { ids }: OptionalLensIdsArgs, @Ctx() ctx: Context): Promise<ScoreAverage> {
    const [row] = await scoreAverage(ctx.db, ids?.length ? distinct(ids) : null);
    return { average: row?.average ?? null, profiles: row?.profiles ?? 0 };
  }
}
