// Arguments restricted to a set of values the schema cannot list as an enum (a
// category name, any case; category ids). Each rule is checked here, once,
// before any resolver runs, with a 400 naming the argument. Fixed sets such as
// ratio, interval and protocol are enums (src/graphql/enums).
import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { CATEGORIES, categoryById, categoryByName } from '../../domain/taxonomy';

const hasNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

/**
 * A text argument with a fixed set of values. A NUL is refused as in every text
 * argument, naming it; any other value outside the set with `message`.
 */
function oneOf(name: string, accepts: (value: string) => boolean, message: (property: string, value: string) => string) {
  return (options?: ValidationOptions) => ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || (!hasNul(value) && accepts(value)),
      defaultMessage: (args?: ValidationArguments) => (hasNul(args?.value)
        ? `${args?.property} must not contain a NUL character`
        : message(args?.property ?? '', String(args?.value))),
    },
  }, options);
}

const CATEGORY_NAMES = CATEGORIES.map((c) => c.name).join(', ');

/** A category name, any case. */
export const IsCategoryName = oneOf('isCategoryName', (v) => categoryByName(v) !== undefined,
  (p, v) => `${p} must be one of ${CATEGORY_NAMES}; got "${v}"`);

/** Every id is one of the taxonomy's; the message names the first that is not. */
export const KnownCategoryIds = (options?: ValidationOptions) => ValidateBy({
  name: 'knownCategoryIds',
  validator: {
    validate: (ids: unknown) => !Array.isArray(ids) || ids.every((id: unknown) => typeof id === 'number' && categoryById(id) !== undefined),
    defaultMessage: (args?: ValidationArguments) => {
      const bad = (args?.value as number[]).find((id) => categoryById(id) === undefined);
      return `${args?.property}: unknown category id ${bad} (ids are ${CATEGORIES[0].id}..${CATEGORIES.at(-1)!.id}, see GET /api/llm/categories)`;
    },
  },
}, options);
