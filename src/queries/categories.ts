// Category answers: the posts of a category on a day, and Lens categories by USD
// collected. Each is one SQL statement (a connection's total, when asked, one more).
import type { Database } from '../db/database';
import { optionalDay } from '../domain/days';
import { categoryById, categoryByName, type Category } from '../domain/taxonomy';
import {
  categoryPublicationTotal, categoryPublications, topCollectedCategories, type CategoryPublicationRow, type TopCategoryRow,
} from '../repositories/category.repository';
import { collectWindow, type CollectFilter } from './collects';
import { offsetPlan, readOffsetList, type OffsetPageRequest } from './pagination';

/**
 * A category page as its argument type guarantees it: a category name the
 * taxonomy knows (any case), page ≥ 1, limit 1..100; `date` is checked here.
 */
export interface CategoryPublicationsQuery { category: string; date?: string | null; page: number; limit: number }

/**
 * Posts of the category on the UTC day (default the newest day with classified
 * posts), one 1-based page; with the category's name, which every row carries.
 */
export async function categoryPublicationPage(db: Database, q: CategoryPublicationsQuery): Promise<{ category: string; rows: CategoryPublicationRow[] }> {
  const category = categoryByName(q.category) as Category;
  const rows = await categoryPublications(db, category.id, optionalDay('date', q.date), q.limit, (q.page - 1) * q.limit);
  return { category: category.name, rows };
}

/** The same posts as a connection (any page, either direction), with their total. */
export async function categoryPostPage(db: Database, q: { category: string; date?: string | null } & OffsetPageRequest) {
  const category = categoryByName(q.category) as Category;
  const day = optionalDay('date', q.date);
  const page = await readOffsetList(offsetPlan(q), (read) => categoryPublications(db, category.id, day, read.limit, read.offset, read.fromEnd),
    () => categoryPublicationTotal(db, category.id, day));
  return { category: category.name, page };
}

/**
 * Categories by USD collected under the collect filter, each with its taxonomy
 * name (the id as text should a stored id ever leave the taxonomy).
 */
export async function topCategories(db: Database, filter: CollectFilter | null | undefined, limit: number): Promise<(TopCategoryRow & { name: string })[]> {
  const rows = await topCollectedCategories(db, collectWindow(filter), limit);
  return rows.map((r) => ({ ...r, name: categoryById(r.category_id)?.name ?? String(r.category_id) }));
}
