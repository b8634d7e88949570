// REST clients keep sending the earlier service's spellings of the closed sets
// (`ratio=7d`, `interval=week`, `"protocol": "lens"`) and keep reading them in
// answers (`"percentileCategory": "top 1%"`); GraphQL clients use the enum
// names. An enum value's internal value is that REST spelling (public-enums.ts),
// so both directions are read off the schema; only aliases are listed here.
import type { GraphQLEnumType } from 'graphql';

/** Further REST spellings of an enum's values, by enum name: alias → value name. */
const ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  GainWindow: { '1d': 'DAY', '7d': 'WEEK', '30d': 'MONTH' },
  CastWindow: { '1d': 'DAY' },
};

/**
 * The value name a REST spelling stands for: a value's spelling or name, or an
 * alias, in any case and with surrounding spaces. Undefined when none.
 */
export function enumNameOf(type: GraphQLEnumType, raw: string): string | undefined {
  const text = raw.trim().toLowerCase();
  const value = type.getValues().find((v) => String(v.value).toLowerCase() === text || v.name.toLowerCase() === text);
  return value?.name ?? ALIASES[type.name]?.[text];
}

/** Every REST spelling of an enum's values, canonical first, then aliases: `day, week, month, 1d, 7d, 30d`. */
export function restSpellings(type: GraphQLEnumType): string[] {
  return [...type.getValues().map((v) => String(v.value)), ...Object.keys(ALIASES[type.name] ?? {})];
}

/** How a REST 400 lists what the parameter accepts: `day, week, month (or 1d, 7d, 30d)`. */
export function spellingsOf(type: GraphQLEnumType): string {
  const aliases = Object.keys(ALIASES[type.name] ?? {});
  const values = type.getValues().map((v) => String(v.value)).join(', ');
  return aliases.length ? `${values} (or ${aliases.join(', ')})` : values;
}

/** The REST spelling of a value GraphQL serialized by name (`TOP_1` → `top 1%`). */
export function spellingOf(type: GraphQLEnumType, name: unknown): unknown {
  return typeof name === 'string' ? (type.getValue(name)?.value ?? name) : name;
}
