// Category arguments (CONTRACT §5 rows 4.1 and 4.13, §6 getCategories): names and
// ids checked against the fixed taxonomy. Resolvers and the
// trending service stay thin; every rule answers a 400 naming the argument.
import { badInput } from '../errors/app-error';
import { CATEGORIES, categoryById, categoryByName, type Category } from '../domain/taxonomy';

const NAMES = CATEGORIES.map((c) => c.name).join(', ');

/** A category by name, case-insensitive; else a 400 listing the valid names. */
export function requireCategory(name: string): Category {
  const c = categoryByName(name);
  if (!c) throw badInput(`category must be one of ${NAMES}; got "${name}"`);
  return c;
}

/** Taxonomy ids, distinct, in request order; an unknown id is a 400 naming it. */
export function requireCategoryIds(ids: readonly number[]): number[] {
  const bad = ids.find((id) => !categoryById(id));
  if (bad !== undefined) {
    throw badInput(`categories: unknown category id ${bad} (ids are ${CATEGORIES[0].id}..${CATEGORIES.at(-1)!.id}, see GET /api/llm/categories)`);
  }
  return [...new Set(ids)];
}

