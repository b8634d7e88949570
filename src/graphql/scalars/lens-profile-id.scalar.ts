import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { canonicalLensId } from '../../domain/ids';

function parse(value: unknown): string {
  const id = typeof value === 'string' ? canonicalLensId(value) : null;
  if (!id) throw new GraphQLError(`Lens profile id must be a hex number such as 0x01 (got ${JSON.stringify(value)})`);
  return id;
}

/** Accepts any hex form of a Lens profile id (`0x1`, `0x01`); always answers the canonical one. */
export const LensProfileIdScalar = new GraphQLScalarType({
  name: 'LensProfileId',
  description: 'A Lens profile id: hex, matched by numeric value; answered canonical (lowercase 0x, even digits, e.g. 0x01).',
  serialize: (v) => v,
  parseValue: parse,
  parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
});
