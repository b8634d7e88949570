// Frontend developers read the schema in Apollo Sandbox and GraphiQL, so every
// type, field, argument and enum value of the committed schema must say what it
// is. This fails as soon as one is added without a description.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  buildSchema, isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType,
  type GraphQLNamedType, type GraphQLSchema,
} from 'graphql';

const described = (d: string | null | undefined) => typeof d === 'string' && d.trim() !== '';

/** Paths (`Type`, `Type.field`, `Type.field(arg)`, `Enum.VALUE`) of one type that have no description. */
function undescribedIn(type: GraphQLNamedType): string[] {
  const missing: string[] = described(type.description) ? [] : [type.name];
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      const at = `${type.name}.${field.name}`;
      if (!described(field.description)) missing.push(at);
      for (const arg of 'args' in field ? field.args : []) if (!described(arg.description)) missing.push(`${at}(${arg.name})`);
    }
  }
  if (isEnumType(type)) {
    for (const value of type.getValues()) if (!described(value.description)) missing.push(`${type.name}.${value.name}`);
  }
  return missing;
}

/** The schema's own types: graphql-js's built-in scalars and introspection types are described by graphql-js. */
const ownTypes = (schema: GraphQLSchema) => Object.values(schema.getTypeMap())
  .filter((t) => !isIntrospectionType(t) && !isSpecifiedScalarType(t));

const committed = () => buildSchema(readFileSync(path.join(__dirname, '..', '..', 'schema', 'schema.graphql'), 'utf8'));

describe('descriptions in the GraphQL schema', () => {
  it('when the committed schema is read, then every type, field, argument and enum value has a description', () => {
    const missing = ownTypes(committed()).flatMap(undescribedIn);
    expect(missing).toEqual([]);
  });

  it('when a type, field, argument or enum value has no description or a blank one, then the check names each', () => {
    const schema = buildSchema(`
      """Described."""
      type Query {
        """Described."""
        a(x: Int, """Described.""" y: Int): Int
        b: Thing
      }
      type Thing { """ """ c: Kind }
      """Described."""
      enum Kind { """Described.""" ONE TWO }
      input Filter { d: Int }
      scalar Day
    `);
    expect(ownTypes(schema).flatMap(undescribedIn).sort())
      .toEqual(['Day', 'Filter', 'Filter.d', 'Kind.TWO', 'Query.a(x)', 'Query.b', 'Thing', 'Thing.c'].sort());
  });
});
