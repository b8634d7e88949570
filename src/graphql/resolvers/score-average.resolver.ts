import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import { scoreAverage } from '../../repositories/score-average.repository';
import type { Context } from '../context.type';
import { LensProfileIdScalar } from '../scalars/lens-profile-id.scalar';
import { ScoreAverage } from '../types/follower-stats.type';
import { badInput } from '../../errors/app-error';
import { MAX_IDS } from '../args/id.args';
import { distinct } from '../../loaders/order-by-keys';

@Resolver()
export class ScoreAverageResolver {
  @Query(() => ScoreAverage, { description: 'Mean lensClassifierScore over all Lens profiles with one, or over the given ids.' })
  async lensScoreAverage(@Arg('ids', () => [LensProfileIdScalar], { nullable: true }) ids: string[] | null, @Ctx() ctx: Context): Promise<ScoreAverage> {
    if (ids && ids.length > MAX_IDS) throw badInput(`ids must contain no more than ${MAX_IDS} elements`);
    const [row] = await scoreAverage(ctx.db, ids?.length ? distinct(ids) : null);
    return { average: row?.average ?? null, profiles: row?.profiles ?? 0 };
  }
}
