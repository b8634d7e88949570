// Categories: the taxonomy (getCategories), the posts of a category on a day
// (getPublicationsByCategory) and Lens categories by USD collected
// (getTopCategories, with the collect filter of lensTopCreators). Each query is
// one SQL statement at most.
import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { optionalDay } from '../../domain/days';
import { CATEGORIES, categoryById } from '../../domain/taxonomy';
import { categoryPublications, topCollectedCategories } from '../../repositories/category.repository';
import { CategoryPublicationsArgs } from '../args/category.args';
import { categoryOf } from '../args/choice.validators';
import { TopCreatorsArgs, collectWindow } from '../args/lens-activity.args';
import type { Context } from '../context.type';
import { Category, CategoryPublication, LensTopCategory, toCategory, toCategoryPublication } from '../types/category.type';

@Resolver()
export class CategoryResolver {
  @Query(() => [Category], { description: 'getCategories: the category taxonomy, by id.' })
  categories(): Category[] {
    return CATEGORIES.map(toCategory);
  }

  @Query(() => [CategoryPublication], {
    description: 'Live posts (casts and Lens publications) of the category on the UTC day (default the newest day with classified posts), most reactions from others first, then publicationId.',
  })
  async categoryPublications(@Args(() => CategoryPublicationsArgs) { category, date, page, limit }: CategoryPublicationsArgs, @Ctx() ctx: Context): Promise<CategoryPublication[]> {
    const c = categoryOf(category);
    const rows = await categoryPublications(ctx.db, c.id, optionalDay('date', date), limit, (page - 1) * limit);
    return rows.map(toCategoryPublication(c.name));
  }

  @Query(() => [LensTopCategory], {
    description: 'getTopCategories: categories of collected Lens publications by USD collected under the filter (as lensTopCreators), then collects, then id. Unclassified (e.g. hidden) publications are in no category.',
  })
  async lensTopCategories(@Args(() => TopCreatorsArgs) { filter, limit }: TopCreatorsArgs, @Ctx() ctx: Context): Promise<LensTopCategory[]> {
    const rows = await topCollectedCategories(ctx.db, collectWindow(filter), limit);
    return rows.map((r) => ({ id: r.category_id, name: categoryById(r.category_id)?.name ?? String(r.category_id), collects: r.collects, usdAmount: r.usd_amount }));
  }
}
