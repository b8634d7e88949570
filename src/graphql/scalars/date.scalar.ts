import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day that exists on the calendar, written YYYY-MM-DD (2024-02-30 is not one). */
function isCalendarDay(v: unknown): v is string {
  if (typeof v !== 'string' || !ISO_DAY.test(v)) return false;
  const t = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === v;
}

function parse(value: unknown): string {
  if (isCalendarDay(value)) return value;
  throw new GraphQLError(`must be a date YYYY-MM-DD; got ${JSON.stringify(value)}`);
}

/**
 * A UTC calendar day as text. Days are what the data is bucketed by (mentions,
 * topics, follower history); a date-time would invite a time zone that means
 * nothing here. The range the service accepts (2000..2099) is checked where
 * the day is used, naming the argument.
 */
export const DateScalar = new GraphQLScalarType({
  name: 'Date',
  description: 'A UTC calendar day, `YYYY-MM-DD` (e.g. 2024-06-01).',
  serialize: (v) => v,
  parseValue: parse,
  parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
  specifiedByURL: 'https://www.rfc-editor.org/rfc/rfc3339#section-5.6',
});
