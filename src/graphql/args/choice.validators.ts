// Arguments restricted to a fixed set of values (a ratio, an interval, a
// protocol, a category or category ids). Each rule is checked here, once,
// before any resolver runs, with a 400 naming the argument; the read rules
// then get the parsed value.
import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { INTERVALS } from '../../domain/days';
import { parsePeriod, type Period } from '../../domain/periods';
import { FC_VERIFICATION_PROTOCOLS, PROTOCOL_NAMES } from '../../domain/protocols';
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

/** `day`, `week` or `month` (or `1d`, `7d`, `30d`), any case. */
export const IsPeriod = oneOf('isPeriod', (v) => parsePeriod(v) !== null,
  (p, v) => `${p} must be one of day, week, month (or 1d, 7d, 30d); got "${v}"`);

/** The period of a ratio IsPeriod accepted. */
export const periodOf = (ratio: string): Period => parsePeriod(ratio) as Period;

/** `day`, `week` (Monday–Sunday) or `month`, exactly. */
export const IsInterval = oneOf('isInterval', (v) => (INTERVALS as readonly string[]).includes(v),
  (p, v) => `${p} must be one of ${INTERVALS.join(', ')}; got "${v}"`);

/** `lens` or `farcaster`, exactly. */
export const IsProtocol = oneOf('isProtocol', (v) => (PROTOCOL_NAMES as readonly string[]).includes(v), (p, v) => `${p} must be lens or farcaster; got "${v}"`);

/** A Farcaster verification's chain: `ethereum` or `solana`, exactly. */
export const IsVerificationProtocol = oneOf('isVerificationProtocol', (v) => (FC_VERIFICATION_PROTOCOLS as readonly string[]).includes(v),
  (p, v) => `${p} must be one of ${FC_VERIFICATION_PROTOCOLS.join(', ')}; got "${v}"`);

const CATEGORY_NAMES = CATEGORIES.map((c) => c.name).join(', ');

/** A category name, any case. */
export const IsCategoryName = oneOf('isCategoryName', (v) => categoryByName(v) !== undefined,
  (p, v) => `${p} must be one of ${CATEGORY_NAMES}; got "${v}"`);

/** Every id is one of the taxonomy's; the message names the first that is not. */
export const KnownCategoryIds = (options?: ValidationOptions) => ValidateBy({
  name: 'knownCategoryIds',
  validator: {
    validate: (ids: unknown) => !Array.isArray(ids) || ids.every((id) => categoryById(id) !== undefined),
    defaultMessage: (args?: ValidationArguments) => {
      const bad = (args?.value as number[]).find((id) => categoryById(id) === undefined);
      return `${args?.property}: unknown category id ${bad} (ids are ${CATEGORIES[0].id}..${CATEGORIES.at(-1)!.id}, see GET /api/llm/categories)`;
    },
  },
}, options);
