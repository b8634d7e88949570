// GraphQL leaf types as JSON Schema, on each side of the wire: what a client
// may send (input: a Lens id in any hex form) and what the service answers
// (output: the canonical form). Built-in scalars by the GraphQL spec; custom
// ones by name, with their own description; an unknown custom scalar is left
// unconstrained rather than guessed.
import type { GraphQLEnumType, GraphQLScalarType } from 'graphql';
import { restSpellings } from '../graphql/enums/rest-spellings';
import type { JsonSchema } from './json-schema';

export type Side = 'input' | 'output';

// format int32 is OpenAPI's signed 32-bit integer, GraphQL's Int range.
const INT32 = { type: 'integer', format: 'int32' };

const BUILT_IN: Record<string, Record<Side, JsonSchema>> = {
  Int: { input: INT32, output: INT32 },
  Float: { input: { type: 'number', format: 'double' }, output: { type: 'number', format: 'double' } },
  String: { input: { type: 'string' }, output: { type: 'string' } },
  Boolean: { input: { type: 'boolean' }, output: { type: 'boolean' } },
  // graphql-js accepts an integer or a string for ID and always answers a string.
  ID: { input: { type: ['string', 'integer'] }, output: { type: 'string' } },
};

const CUSTOM: Record<string, Record<Side, JsonSchema>> = {
  // The scalar's parser: optional 0x (or \x), hex digits, surrounding blanks trimmed; answered lowercase 0x with even digits.
  LensProfileId: {
    input: { type: 'string', pattern: '^\\s*(?:0[xX]|\\\\[xX])?[0-9a-fA-F]+\\s*$', examples: ['0x01'] },
    output: { type: 'string', pattern: '^0x(?:[0-9a-f]{2})+$', examples: ['0x01'] },
  },
  DateTimeISO: {
    input: { type: 'string', format: 'date-time' },
    output: { type: 'string', format: 'date-time' },
  },
  // The Date scalar: a calendar day (2024-02-30 is refused).
  Date: {
    input: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2024-06-01'] },
    output: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  },
  UUID: {
    input: { type: 'string', format: 'uuid' },
    output: { type: 'string', format: 'uuid' },
  },
};

export function scalarSchema(type: GraphQLScalarType, side: Side): JsonSchema {
  const known = BUILT_IN[type.name]?.[side];
  if (known) return { ...known };
  const custom = CUSTOM[type.name]?.[side];
  // What a client may send is told once, on the parameter; an answered value keeps only its form (the field says what it is).
  if (custom) return side === 'input' && type.description ? { ...custom, description: type.description } : { ...custom };
  return { description: type.description ?? `GraphQL scalar ${type.name}.` };
}

/**
 * An enum as the REST face speaks it: the earlier service's spellings (the
 * values' internal values, `top 1%`, `week`), which REST answers print and
 * parameters accept, with the aliases (`7d`) on input; any case is accepted too.
 */
export function enumSchema(type: GraphQLEnumType, side: Side): JsonSchema {
  const values = type.getValues();
  const described = values.filter((v) => v.description);
  const about = [type.description, ...described.map((v) => `\`${String(v.value)}\`: ${v.description}`), side === 'input' ? 'Any case is accepted.' : undefined];
  return {
    type: 'string', enum: side === 'input' ? restSpellings(type) : values.map((v) => String(v.value)),
    ...(type.description || described.length ? { description: about.filter(Boolean).join('\n\n') } : {}),
  };
}
