import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { parseLensProfileId } from '../../domain/ids';

function parse(value: unknown): string {
  const id = typeof value === 'string' ? parseLensProfileId(value) : null;
  if (!id) throw new GraphQLError(`Lens profile id must be a hex number such as 0x01 or a 40-digit account address (got ${JSON.stringify(value)})`);
  return id;
}

/** Accepts any hex form of a v2 profile id (`0x1`, `0x01`, answered canonical) or a 40-digit account address (kept whole). */
export const LensProfileIdScalar = new GraphQLScalarType({
  name: 'LensProfileId',
  description: 'A Lens profile id: a v2 id in hex, matched by numeric value and answered canonical (lowercase 0x, even digits, e.g. 0x01); or a Lens Chain account address (0x + 40 hex digits), kept at full length.',
  serialize: (v) => v,
  parseValue: parse,
  parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
});
