// A category argument, by name, checked against the fixed taxonomy (a 400
// listing the valid names otherwise).
import { badInput } from '../errors/app-error';
import { CATEGORIES, categoryByName, type Category } from '../domain/taxonomy';

const NAMES = CATEGORIES.map((c) => c.name).join(', ');

/** A category by name, case-insensitive; else a 400 listing the valid names. */
export function requireCategory(name: string): Category {
  const c = categoryByName(name);
  if (!c) throw badInput(`category must be one of ${NAMES}; got "${name}"`);
  return c;
}
