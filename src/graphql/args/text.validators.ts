import { ValidateBy, type ValidationOptions } from 'class-validator';

/**
 * Text arguments must not contain NUL: Postgres cannot store it in text, so it
 * would fail the query. Refused here, naming the argument, before any query runs.
 */
export const NoNul = (options?: ValidationOptions) => ValidateBy({
  name: 'noNul',
  validator: {
    validate: (value: unknown) => typeof value !== 'string' || !value.includes('\u0000'),
    defaultMessage: () => '$property must not contain a NUL character',
  },
}, options);
