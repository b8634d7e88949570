// Categories: the taxonomy (getCategories), the posts of a category on a day
// (getPublicationsByCategory) and Lens categories by USD collected
// (getTopCategories, with the collect filter of lensTopCreators). Each query is
// one SQL statement at most.
import { Args, Ctx, Query, Resolver } from 'type-graphql';
import { CATEGORIES } from '../../domain/taxonomy';
import { categoryPostPage, categoryPublicationPage, topCategories } from '../../queries/categories';
import { CategoryPostsArgs, CategoryPublicationsArgs } from '../args/category.args';
import { TopCreatorsArgs } from '../args/lens-activity.args';
import type { Context } from '../context.type';
import { Category, CategoryPostConnection, CategoryPublication, LensTopCategory, toCategory, toCategoryPublication } from '../types/category.type';
import { globalId } from '../node/global-id';
import { connectionOf } from '../types/connection.type';

@Resolver()
export class CategoryResolver {
  @Query(() => [Category], { description: 'getCategories: the category taxonomy, by id.' })
  categories(): Category[] {
    return CATEGORIES.map(toCategory);
  }

  @Query(() => [CategoryPublication], {
    description: 'Live posts (casts and Lens publications) of the category on the UTC day (default the newest day with classified posts), most reactions from others first, then publicationId; one 1-based `page` of `limit`.',
    deprecationReason: 'Use categoryPosts',
  })
  async categoryPublications(@Args(() => CategoryPublicationsArgs) args: CategoryPublicationsArgs, @Ctx() ctx: Context): Promise<CategoryPublication[]> {
    const { category, rows } = await categoryPublicationPage(ctx.db, args);
    return rows.map(toCategoryPublication(category));
  }

  @Query(() => CategoryPostConnection, {
    description: 'Live posts (casts and Lens publications) of the category on the UTC day (default the newest day with classified posts), most reactions from others first, then publicationId (byte order).',
  })
  async categoryPosts(@Args(() => CategoryPostsArgs) args: CategoryPostsArgs, @Ctx() ctx: Context) {
    const { category, page } = await categoryPostPage(ctx.db, args);
    const node = toCategoryPublication(category);
    return connectionOf(page, page.items.map(({ row, cursor }) => ({ cursor, node: node(row) })));
  }

  @Query(() => [LensTopCategory], {
    description: 'Top-N (getTopCategories): the `limit` categories of collected Lens publications with the most USD collected under the filter (as lensTopCreators), then collects, then id (not paged). Unclassified (e.g. hidden) publications are in no category.',
  })
  async lensTopCategories(@Args(() => TopCreatorsArgs) { filter, limit }: TopCreatorsArgs, @Ctx() ctx: Context): Promise<LensTopCategory[]> {
    const rows = await topCategories(ctx.db, filter, limit);
    // The row is one of a ranking under a filter: its id names both, so two filters' rows never merge in a cache.
    const under = `${filter?.currency?.trim().toUpperCase() ?? ''}:${filter?.year ?? ''}:${filter?.month ?? ''}`;
    return rows.map((r) => ({
      id: globalId('LensTopCategory', `${r.category_id}:${under}`), nativeId: r.category_id, name: r.name, collects: r.collects, usdAmount: r.usd_amount,
    }));
  }
}
